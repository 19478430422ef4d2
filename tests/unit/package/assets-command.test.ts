import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_FILES, copyBrowserFiles, copyFailure, guessUrl } from '../../../bin/package-files.mjs';

/*
 * `dash3d-assets <folder>` (bin/): the package's browser files copied for a host whose bundler does
 * not emit them (esbuild), with what to set in the host. Run here against a stand-in for dist/.
 */

let work = '';
let dist = '';
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'dash3d-assets-'));
  dist = join(work, 'node_modules', 'dash3d', 'dist');
  await mkdir(join(dist, 'chunks'), { recursive: true });
  await mkdir(join(dist, 'assets', 'draco'), { recursive: true });
  await mkdir(join(dist, 'src'), { recursive: true });
  await writeFile(join(dist, 'render-worker.js'), 'import "./chunks/three-1.js";');
  await writeFile(join(dist, 'chunks', 'three-1.js'), '');
  await writeFile(join(dist, 'chunks', 'gltf-2.js'), '');
  await writeFile(join(dist, 'assets', 'draco', 'draco_decoder.wasm'), 'wasm');
  await writeFile(join(dist, 'THIRD_PARTY_NOTICES.md'), '# notices');
  await writeFile(join(dist, 'index.js'), '');
  await writeFile(join(dist, 'src', 'plugin.js'), '');
});
afterEach(() => rm(work, { recursive: true, force: true }));

/** Runs the command in `work`; answers its exit code and what it printed. */
async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await copyBrowserFiles(argv, { dist, cwd: work, out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('dash3d-assets', () => {
  it("copies the render worker, its chunks, the assets and the notices (not the main thread's modules), and says so", async () => {
    const r = await run('public/vendor/dash3d');
    expect(r.code).toBe(0);
    const target = join(work, 'public', 'vendor', 'dash3d');
    expect((await readdir(target)).sort()).toEqual([...BROWSER_FILES].sort());
    expect(await readFile(join(target, 'assets', 'draco', 'draco_decoder.wasm'), 'utf8')).toBe('wasm');
    expect(r.out).toContain(
      "Copied dash3d's browser files into public/vendor/dash3d: render-worker.js, chunks/ (2 files), assets/ (1 files)",
    );
    expect(r.err).toBe('');
  });

  it("prints the two host options to set, for the URL the folder is served under, and the host guide's section", async () => {
    const { out } = await run('public/vendor/dash3d');
    expect(out).toContain(
      "createWorker: () => new Worker(new URL('/vendor/dash3d/render-worker.js', location.href), { type: 'module', name: 'dash3d-render' }),",
    );
    expect(out).toContain("assetBase: '/vendor/dash3d/assets/',");
    expect(out).toContain('docs/host-guide.md says under "Serving the package\'s files yourself"');
    expect(out).toContain("if public/ is your site's root; otherwise give the path with --url <path>");
  });

  it("into a build's output (dist/, dist-prod/, build/, out/): served at that folder's root, copied after each build", async () => {
    const r = await run('dist-x/vendor/dash3d');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toContain("assetBase: '/vendor/dash3d/assets/',");
    expect(r.out).toContain("/vendor/dash3d/ is where the folder is served if dist-x/ is your site's root");
    expect(r.out).toContain("dist-x/ is a build's output, which a build may empty: copy after each build");
    expect(r.out).toContain('"build": "<your build> && dash3d-assets dist-x/vendor/dash3d"');
    expect(r.out).not.toContain('postinstall');
    expect(guessUrl('build/static/dash3d', work)).toEqual({ url: '/static/dash3d/', root: 'build', output: true });
    expect(guessUrl('out/dash3d', work)).toEqual({ url: '/dash3d/', root: 'out', output: true });
    // The outermost such folder of the path from here: public/dist/x is served at /dist/x/.
    expect(guessUrl('public/dist/x', work)).toEqual({ url: '/dist/x/', root: 'public', output: false });
    // Folders above the current one do not count (a project checked out under /home/me/build/).
    expect(guessUrl('public/d', join(work, 'build', 'app')).url).toBe('/d/');
  });

  it('a guess that rests on no such folder is said first, on its own, with --url', async () => {
    const r = await run('assets/dash3d');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'dash3d-assets: check the URL below: assets/dash3d has no public/, static/, dist/, build/ or out/ folder in its path, so it is guessed to be served at /assets/dash3d/. If your site serves it elsewhere, run again with --url <path> (e.g. --url /vendor/dash3d/).',
    );
    expect(r.out).toContain('/assets/dash3d/ is a guess (see above)');
    expect((await run('assets/dash3d', '--url', '/lib/dash3d')).err).toBe('');
  });

  it('takes the URL path from --url', async () => {
    const { code, out } = await run('www/lib/dash3d', '--url', 'https://cdn.example.com/dash3d/0.1.0');
    expect(code).toBe(0);
    expect(out).toContain("assetBase: 'https://cdn.example.com/dash3d/0.1.0/assets/',");
    expect(out).toContain('"postinstall": "dash3d-assets www/lib/dash3d --url https://cdn.example.com/dash3d/0.1.0/"');
  });

  it('copies again over an earlier copy', async () => {
    expect((await run('public/dash3d')).code).toBe(0);
    await writeFile(join(dist, 'render-worker.js'), 'the new version');
    expect((await run('public/dash3d')).code).toBe(0);
    expect(await readFile(join(work, 'public', 'dash3d', 'render-worker.js'), 'utf8')).toBe('the new version');
  });

  it('without a folder, says what to give, with the usage, and exits 2', async () => {
    const r = await run();
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^dash3d-assets: name the folder to copy the files into, e.g. npx dash3d-assets public\/vendor\/dash3d\n\nUsage:/,
    );
    expect((await run('a', 'b')).err).toContain('one folder only (got a, b)');
    expect((await run('--nope')).code).toBe(2);
  });

  it('where a file stands in the way of the folder, says so and exits 1', async () => {
    await writeFile(join(work, 'public'), 'a file');
    const r = await run('public/dash3d');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^dash3d-assets: cannot copy into public\/dash3d: a file is in the way, where a folder should be \(ENOTDIR/);
  });

  it.skipIf(process.getuid?.() === 0)('into a folder it may not write, says so and exits 1', async () => {
    await mkdir(join(work, 'locked'));
    await chmod(join(work, 'locked'), 0o555);
    const r = await run('locked/dash3d');
    expect(r.code).toBe(1);
    expect(r.err).toContain('cannot copy into locked/dash3d: it is not writable');
  });

  it('words a folder it may not write (as root the test above cannot make one) and any other failure', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/www/dash3d'"), { code: 'EACCES' });
    expect(copyFailure('/srv/www/dash3d', denied)).toBe(
      "dash3d-assets: cannot copy into /srv/www/dash3d: it is not writable; choose a folder you can write, or run with the rights to write it (EACCES: permission denied, mkdir '/srv/www/dash3d')",
    );
    expect(copyFailure('x', Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))).toContain('it is not writable');
    expect(copyFailure('x', new Error('ENOSPC: no space left on device'))).toContain('the copy failed (ENOSPC');
  });

  it("refuses the package's own dist/ folder, and a package without its files", async () => {
    expect((await run('node_modules/dash3d/dist/copy')).err).toContain("inside the package's own dist/ folder");
    await rm(join(dist, 'chunks'), { recursive: true });
    const r = await run('public/dash3d');
    expect(r.code).toBe(1);
    expect(r.err).toContain('(chunks missing in');
  });
});

describe('guessUrl', () => {
  it("is the path after a public/, static/ or build's output folder, else the path from here, else the name", () => {
    expect(guessUrl('public/vendor/dash3d', '/app')).toEqual({ url: '/vendor/dash3d/', root: 'public', output: false });
    expect(guessUrl('/srv/site/static/dash3d', '/app')).toEqual({ url: '/dash3d/', root: 'static', output: false });
    expect(guessUrl('public', '/app')).toEqual({ url: '/', root: 'public', output: false });
    expect(guessUrl('dist', '/app')).toEqual({ url: '/', root: 'dist', output: true });
    expect(guessUrl('www/dash3d', '/app')).toEqual({ url: '/www/dash3d/', root: null, output: false });
    expect(guessUrl('/elsewhere/dash3d', '/app')).toEqual({ url: '/dash3d/', root: null, output: false });
    // Not a build's output: a folder only named like one.
    expect(guessUrl('distant/dash3d', '/app').root).toBeNull();
  });
});

describe('the command itself', () => {
  it('runs with node, prints its usage on --help, and exits 2 without a folder', async () => {
    const bin = fileURLToPath(new URL('../../../bin/dash3d-assets.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, '--help']);
    expect(stdout).toMatch(/^Usage: dash3d-assets <folder> \[--url <path>\]/);
    const failed = await promisify(execFile)(process.execPath, [bin]).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('name the folder');
  });
});
