// A real Redis (Debian's redis-server; .ci/run installs it when missing) on a free loopback port,
// nothing saved to disk, for the tests that share sessions between instances. The fault tests
// stop it and start it again on the same port (restart), or freeze it (SIGSTOP: connections are
// accepted and nothing is answered) and thaw it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './launch';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RedisTestServer {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port after stop() (or stops it first). */
  restart(): Promise<void>;
  /** SIGSTOP: the kernel still accepts connections, Redis answers nothing. */
  freeze(): void;
  thaw(): void;
}

/** Resolves once the port accepts connections; rejects when the process ended first. */
async function accepting(port: number, exited: () => string | null) {
  for (let i = 0; i < 200; i++) {
    const why = exited();
    if (why !== null) throw new Error(`redis-server ended before listening: ${why}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server did not listen on 127.0.0.1:${port}`);
}

async function run(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let ended: string | null = null;
  child.stdout.on('data', (d: Buffer) => (out += String(d)));
  child.stderr.on('data', (d: Buffer) => (out += String(d)));
  child.on('error', (err) => (ended = `${err.message} (install Debian's redis-server, or set REDIS_SERVER_PATH)`));
  child.on('exit', (code) => (ended ??= `exit code ${code}\n${out}`));
  await accepting(port, () => ended);
  return child;
}

export async function startRedis(): Promise<RedisTestServer> {
  const port = await freePort();
  let child = await run(port);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    // A frozen process handles SIGTERM only once it runs again.
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await gone;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    async restart() {
      await stop();
      child = await run(port);
    },
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
  };
}
