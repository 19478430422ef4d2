import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XVFB } from './binaries';

export interface Display {
  /** ':<n>', for the browsers' DISPLAY. */
  name: string;
  /**
   * The screen itself, as the X server holds it (Xvfb -fbdir: an XWD file it keeps up to date):
   * what a person in front of it would see, read without asking the browser (support/screen.ts).
   */
  framebuffer: string;
  stop(): Promise<void>;
}

const taken = (n: number) => existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`);

/**
 * One virtual screen for the whole run, started here rather than by wrapping vitest in xvfb-run,
 * so `npm test` needs no wrapper and the other projects never see a DISPLAY. 1920x1200 at 24 bits:
 * the playground's 1700-wide layout fits, and WebGL under llvmpipe wants a true-colour visual.
 */
export async function startXvfb(): Promise<Display> {
  for (let n = 90; n < 140; n++) {
    if (taken(n)) continue;
    const fbdir = mkdtempSync(join(tmpdir(), 'dash3d-xvfb-'));
    const child = spawn(XVFB, [`:${n}`, '-screen', '0', '1920x1200x24', '-nolisten', 'tcp', '-fbdir', fbdir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.once('exit', () => rmSync(fbdir, { recursive: true, force: true }));
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    // Up once its socket exists; another run may have claimed the number between the check and the start.
    const deadline = Date.now() + 15_000;
    while (!existsSync(`/tmp/.X11-unix/X${n}`) && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    if (child.exitCode !== null) continue;
    if (!existsSync(`/tmp/.X11-unix/X${n}`)) {
      child.kill('SIGKILL');
      throw new Error(`Xvfb :${n} did not come up in 15 s: ${err}`);
    }
    return {
      name: `:${n}`,
      framebuffer: join(fbdir, 'Xvfb_screen0'),
      stop: async () => {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      },
    };
  }
  throw new Error('no free X display number between :90 and :139 for Xvfb');
}
