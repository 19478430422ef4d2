// A real Redis (Debian's redis-server; .ci/run installs it when missing) on a free loopback port,
// nothing saved to disk, for the tests that share sessions between instances.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './launch';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RedisTestServer {
  url: string;
  stop(): Promise<void>;
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

export async function startRedis(): Promise<RedisTestServer> {
  const port = await freePort();
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
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
