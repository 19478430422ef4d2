// The `dash3d-media` command (server/cli.mjs) as a user runs it, and the `dash3d/server` entry as a
// host's program imports it: real processes, real folders, real HTTP on loopback.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT } from './helpers';
import { cleanEnv, launch, type Launched } from './launch';

const CLI = 'server/cli.mjs';
const MEDIA_TOKEN = 'cli-token-0123456789';

let dir = '';
/** An empty folder: commands that must not start (or write) anything run here. */
let quiet = '';
/** `--root ./data` with MEDIA_TOKEN set, seeding. */
let seeded: Launched;
/** `--media-root flag-media --no-seed` over MEDIA_ROOT, beside DATA_ROOT, without MEDIA_TOKEN. */
let generated: Launched;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dash3d-cli-'));
  quiet = join(dir, 'quiet');
  await mkdir(quiet);
  [seeded, generated] = await Promise.all([
    launch(CLI, { MEDIA_TOKEN }, { cwd: dir, args: ['--root', './data', '--port', '0'] }),
    launch(
      CLI,
      { DATA_ROOT: join(dir, 'env-data'), MEDIA_ROOT: join(dir, 'env-media') },
      { cwd: dir, args: ['--media-root', 'flag-media', '--no-seed', '--port', '0'] },
    ),
  ]);
});

afterAll(async () => {
  await Promise.all([seeded?.stop(), generated?.stop()]);
  await rm(dir, { recursive: true, force: true });
});

const urlOf = async (app: Launched) => (await app.waitFor(/media library on (http:\/\/127\.0\.0\.1:\d+)\n/, 20_000))[1]!;

/** Runs node with these arguments to its end: exit code and output. */
function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, { cwd: quiet, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
  child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}
const cli = (args: string[], env?: Record<string, string>) => run([join(PROJECT, CLI), ...args], env);

describe('dash3d-media (server/cli.mjs)', () => {
  it('listens where it says, seeds <root>/media (relative to the current folder) and takes MEDIA_TOKEN, never printing it', async () => {
    const url = await urlOf(seeded);
    // The seed runs once the service listens, and says when it is done, naming the store.
    await seeded.waitFor(new RegExp(`seeded the built-in files into ${join(dir, 'data', 'media')} in `), 20_000);
    const listing = await fetch(`${url}/core/mediaLibrary?catalog=built-in/models`, {
      headers: { authorization: `Bearer ${MEDIA_TOKEN}` },
    });
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as Array<{ name: string }>).map((e) => e.name)).toContain('cube.obj');
    expect(await readdir(join(dir, 'data', 'media'))).toContain('built-in');
    expect((await fetch(`${url}/core/mediaLibrary`)).status).toBe(401);
    const out = seeded.out();
    expect(out).toContain(`media files: ${join(dir, 'data', 'media')}\n`);
    expect(out).toContain(`dashboards:  ${join(dir, 'data', 'dashboards')}\n`);
    expect(out).toContain('token:       from MEDIA_TOKEN');
    expect(out).not.toContain(MEDIA_TOKEN);
  });

  it('flags win over the environment; without MEDIA_TOKEN it prints the token it generated', async () => {
    const url = await urlOf(generated);
    const token = (await generated.waitFor(/token:\s+(\S+) \(generated/))[1]!;
    const listing = await fetch(`${url}/core/mediaLibrary`, { headers: { authorization: `Bearer ${token}` } });
    expect([listing.status, await listing.json()]).toEqual([200, []]);
    expect(generated.out()).toContain(`media files: ${join(dir, 'flag-media')}\n`);
    expect(generated.out()).toContain(`dashboards:  ${join(dir, 'env-data', 'dashboards')}\n`);
    expect(existsSync(join(dir, 'flag-media', 'built-in'))).toBe(false);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    await Promise.all([urlOf(seeded), urlOf(generated)]);
    expect(await Promise.all([seeded.stop(), generated.stop()])).toEqual([0, 0]);
  });

  it('refuses an unknown flag or a wrong value with exit code 2 and a message naming it; --help prints the usage', async () => {
    const [unknown, port, size, fromEnv, help] = await Promise.all([
      cli(['--colour']),
      cli(['--port', 'eighty']),
      cli(['--max-upload-mb', '0']),
      cli([], { MEDIA_ALLOWED_FORMATS: ',' }),
      cli(['--help']),
    ]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining("Unknown option '--colour'")]);
    expect([port.code, port.stderr]).toEqual([2, expect.stringContaining('--port must be a whole number from 0 to 65535, got "eighty"')]);
    expect([size.code, size.stderr]).toEqual([2, expect.stringContaining('--max-upload-mb must be a positive number, got "0"')]);
    expect([fromEnv.code, fromEnv.stderr]).toEqual([2, expect.stringContaining('MEDIA_ALLOWED_FORMATS must list extensions')]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dash3d-media \[options\]/);
    for (const flag of [
      '--root',
      '--media-root',
      '--dashboards-root',
      '--port',
      '--host',
      '--formats',
      '--max-upload-mb',
      '--public-url',
      '--no-seed',
    ]) {
      expect(help.stdout).toContain(`  ${flag} `);
    }
    // None of them started or wrote anything.
    expect(await readdir(quiet)).toEqual([]);
  });
});

describe('dash3d/server (server/index.mjs)', () => {
  it('importing it starts nothing and writes nothing: the process ends by itself; it exports the declared names', async () => {
    const entry = pathToFileURL(join(PROJECT, 'server', 'index.mjs')).href;
    const script = `const m = await import(${JSON.stringify(entry)}); console.log(Object.keys(m).sort().join(' '));`;
    const imported = await run(['--input-type=module', '-e', script], { MEDIA_PORT: '0', MEDIA_TOKEN });
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    expect(imported.stdout.trim()).toBe(
      'INDEX_PAGE STANDARD_FORMATS buildApp mediaLibrary optionsFromEnv portFrom signInLink startMediaServer',
    );
    expect(await readdir(quiet)).toEqual([]);
  });
});
