import { it } from 'vitest';
import { openSignedIn } from './support/driver';
import { canvasRect, screenOf, spaceReady } from './support/playground';
import { eachBrowser } from './support/suite';

const SPACE = 'example-space';

eachBrowser('TEMP white example', ({ name, base, page }) => {
  it('screens', async () => {
    if (name !== 'firefox') return;
    await openSignedIn(page(), base, '/?dashboard=example&mode=preview');
    await spaceReady(page(), SPACE);
    const t0 = Date.now();
    const out: string[] = [];
    for (let i = 0; i < 60; i++) {
      const img = await screenOf(page(), await canvasRect(page(), SPACE));
      let white = 0;
      for (let k = 0; k < img.data.length; k += 4) if (img.data[k]! > 245 && img.data[k + 1]! > 245 && img.data[k + 2]! > 245) white++;
      const share = white / (img.data.length / 4);
      const st = await page().evaluate((id) => window.__dash3d!.spaces.get(id)!.stats().then((s) => JSON.stringify({ re: (window.__dash3d!.spaces.get(id) as any).restarts, f: s.frames, r: (s as any).resolution?.scale, split: (s as any).resolution?.buffer })), SPACE).catch((e) => String(e));
      out.push(`${Math.round((Date.now() - t0) / 100) / 10}s white=${share.toFixed(2)} ${st}`);
      await new Promise((r) => setTimeout(r, 400));
    }
    console.log(out.join('\n'));
  }, 400_000);
});
