import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT } from './helpers';
import { launch, type Launched } from './launch';

let dataRoot = '';
let app: Launched;

beforeAll(async () => {
  dataRoot = await mkdtemp(join(tmpdir(), 'dash3d-dev-'));
  app = await launch('scripts/dev.mjs', { DATA_ROOT: dataRoot, MEDIA_TOKEN: 'dev-token-0123456789' });
  await app.waitFor(/Sign in:\s+\S+#signin=/, 60_000);
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await rm(dataRoot, { recursive: true, force: true });
});

describe('npm run dev (scripts/dev.mjs): Vite with hot reload, only the page sources', () => {
  it('serves the page and its sources, and the media API through its proxy', async () => {
    const page = await fetch(`${app.base}/?mode=preview`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    expect((await fetch(`${app.base}/playground/main.tsx`)).status).toBe(200);
    expect((await fetch(`${app.base}/@vite/client`)).status).toBe(200);
    expect((await fetch(`${app.base}/core/mediaLibrary/config`, { headers: { authorization: 'Bearer dev-token-0123456789' } })).status).toBe(200);
    expect((await fetch(`${app.base}/core/mediaLibrary/config`)).status).toBe(401);
  });

  it('answers 404 for server files, data, .env, package.json, tests and paths that climb out, without Vite re-optimising', async () => {
    const before = app.out();
    const denied = [
      '/server/config.mjs', '/server/app.mjs?import', '/package.json', '/package-lock.json', '/.env', '/.env.local',
      '/data/media/built-in/models/turntable.glb', '/tests/server/helpers.ts', '/vite.config.ts', '/scripts/start.mjs',
      '/playground/%2e%2e/server/config.mjs', '/%2e%2e/package.json', '/playground/.env',
      `/@fs${PROJECT}/server/config.mjs`, `/@fs${join(PROJECT, '..', 'shared', 'fixtures')}/gltf/RobotExpressive.glb`, '/@fs/etc/passwd',
    ];
    for (const path of denied) expect([path, (await fetch(app.base + path)).status]).toEqual([path, 404]);
    // Denied before Vite saw them: no dependency scan, no "optimized dependencies changed, reloading".
    await new Promise((r) => setTimeout(r, 1000));
    expect(app.out().slice(before.length)).not.toMatch(/optimiz|reload/i);
  });
});
