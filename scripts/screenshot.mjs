// Dev aid: node scripts/screenshot.mjs <url> <out.png> [waitMs] — headless Chromium screenshot + console log.
import { chromium } from 'playwright';
const [url, out, wait = '4000'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 700 } });
page.on('console', (m) => console.log(`[${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await page.goto(url);
await page.waitForTimeout(Number(wait));
const state = await page
  .locator('.dash3d-space')
  .first()
  .getAttribute('data-state')
  .catch(() => 'n/a');
console.log('data-state:', state);
await page.screenshot({ path: out });
await browser.close();
