import { chromium, type Browser } from 'playwright';

/** Debian's Chromium (never a downloaded one) unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The WebGL that Chromium draws with in vitest.config.ts's `browser` project and in the consumer
 * apps' pages. Headless Chromium on a machine without a GPU draws with SwiftShader; Mesa's
 * llvmpipe, through ANGLE's GL-on-EGL backend, draws the same scenes for much less CPU on this
 * machine kind (issue 44: the environment presets' file 108 -> 39 core-seconds, ten of the heaviest
 * browser files 262 -> 206), and the run is CPU-bound. Both are software rasterisers, both
 * conformant WebGL2, in the page and in workers; the engine treats both as software
 * (worker/engine/gpu.ts).
 *
 * The e2e pages (`launchChromium()`) stay on SwiftShader: there a moving scene takes whatever the
 * cores leave with either (four e2e files 238 -> 223 core-seconds), and in run AG e2e/editor's
 * read-back of a new space's sky came back nearly black twice on llvmpipe (not understood yet).
 * The benchmark stays on SwiftShader too (tests/bench/measure.mjs): its numbers are compared with
 * the runs before.
 *
 * - `--ignore-gpu-blocklist`: Chromium blocks llvmpipe by default (no WebGL at all without it).
 * - `--disable-accelerated-2d-canvas`: the blocklist also kept 2D canvases in Skia's software
 *   rasteriser. Left to llvmpipe, a card's cells redrawn alone differ from a whole drawing on their
 *   1 px edges (by up to 42 of 255, tests/browser/overlays/cards-cells.test.ts); the cards are drawn
 *   as the tests have always seen them.
 */
export const LLVMPIPE_ARGS = ['--use-angle=gl-egl', '--ignore-gpu-blocklist', '--disable-accelerated-2d-canvas'];

/** Where the choice is kept, for the config's later loads in the same run. */
const KEY = 'DASH3D_CHROMIUM_GL';

/** The flags for the rasteriser chosen by `chooseChromiumGl` (none: SwiftShader, Chromium's default). */
export const chromiumGlArgs = (): string[] => (process.env[KEY] === 'llvmpipe' ? LLVMPIPE_ARGS : []);

/**
 * Once per run, before any browser starts: llvmpipe when this Chromium draws WebGL2 with it in a
 * worker (Mesa's EGL is there), else SwiftShader. `DASH3D_CHROMIUM_GL=swiftshader` (or `llvmpipe`)
 * skips the probe. Answers the choice and keeps it in the environment.
 */
export async function chooseChromiumGl(executablePath: string): Promise<'llvmpipe' | 'swiftshader'> {
  // Given, or chosen by an earlier load of the config in this run.
  const given = process.env[KEY];
  if (given === 'llvmpipe' || given === 'swiftshader') return given;
  let choice: 'llvmpipe' | 'swiftshader' = 'swiftshader';
  const browser = await chromium.launch({ executablePath, headless: true, args: LLVMPIPE_ARGS }).catch(() => null);
  if (browser) {
    try {
      const page = await browser.newPage();
      // A string, not a function: this file is checked with Node's types, not the page's.
      const renderer = await page.evaluate<string>(`new Promise((resolve) => {
        const source = "const gl = new OffscreenCanvas(4, 4).getContext('webgl2');" +
          "const info = gl && gl.getExtension('WEBGL_debug_renderer_info');" +
          "postMessage(info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '');";
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        worker.onmessage = (e) => resolve(e.data);
        setTimeout(() => resolve(''), 15000); // a worker that never answers: no llvmpipe
      })`);
      if (/llvmpipe/i.test(renderer)) choice = 'llvmpipe';
    } catch {
      // No WebGL2 in a worker with these flags: SwiftShader.
    } finally {
      await browser.close();
    }
  }
  process.env[KEY] = choice;
  console.log(`[chromium] the browser project's and the consumer pages' WebGL through ${choice} (tests/chromium-gl.ts)`);
  return choice;
}

/**
 * The e2e and consumer tests' Chromium: headless, quiet. SwiftShader for the e2e pages (see above);
 * `{ runGl: true }` (the consumer apps' pages) draws with the run's choice: their checks passed on
 * llvmpipe in every run that had it (AE to AG), and their eight host builds each prefilter an
 * environment preset, among the heaviest draws of the run.
 */
export function launchChromium({ runGl = false }: { runGl?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', ...(runGl ? chromiumGlArgs() : [])],
  });
}
