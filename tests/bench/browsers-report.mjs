// The table and the docs/benchmarks.md section for the browsers part (browsers.mjs). No goals:
// issue 30 §7 asks where each browser stands, measured in one run, not for a threshold.
import { spliceBetween } from './cards-report.mjs';

export const BROWSERS_BEGIN = '<!-- bench:browsers:begin -->';
export const BROWSERS_END = '<!-- bench:browsers:end -->';

/** Where the engine ran: the product falls back to the main thread by itself; the baseline is put there. */
const ran = (where, host) =>
  where === 'worker'
    ? 'render worker'
    : where === 'main'
      ? host === 'product'
        ? 'main thread (its fallback)'
        : 'main thread (forced)'
      : where;
const fps = (x) => (x === null ? '-' : x.toFixed(1));
const ratio = (a, b) => (a === null || b === null || b === 0 ? '-' : (a / b).toFixed(2));

export function browsersTable(r) {
  const lines = [
    `| browser | host | engine ran on | idle fps | busy fps | busy/idle | ${r.model} first frame, ms |`,
    '|---|---|---|---:|---:|---:|---:|',
  ];
  for (const b of r.results) {
    if (b.missing) {
      lines.push(`| ${b.browser} | not measured (${b.missing}) | | | | | |`);
      continue;
    }
    const row = (host, x) =>
      `| ${b.browser} | ${host} | ${ran(x.ran, x === b.product ? 'product' : 'baseline')} | ${fps(x.fpsIdle)} | ${fps(x.fpsBusy)} | ${ratio(x.fpsBusy, x.fpsIdle)} | ${x.firstFrameMs.toFixed(0)} |`;
    lines.push(row('dash3d as shipped', b.product), row('baseline: the engine forced onto the main thread', b.baseline));
  }
  return lines.join('\n');
}

export function browsersHuman(r) {
  return `Every browser (${r.scene} scene, median of ${r.repeats} runs per row):\n${browsersTable(r)}`;
}

export function browsersSection(r, { date, load }) {
  return [
    BROWSERS_BEGIN,
    '## Every browser: Chromium, Firefox ESR, WebKitGTK',
    '',
    `Measured ${date} (\`npm run bench -- --scene=browsers\`; part of the default run), median of ${r.repeats} runs per row; ${load}.`,
    `Each browser opens the production bench page on the ${r.scene} scene twice per round: once as dash3d runs there`,
    "(it asks a render worker whether it can draw; WebKitGTK's workers have no WebGL, so there the product itself runs",
    'on the main thread) and once with the same engine forced onto the main thread (the baseline, as plain three.js',
    'draws). Idle and busy are 5-second windows counted by the engine, the busy one with 200 ms of work every 250 ms on',
    `the page's main thread. The first frame is a cold load of ${r.model} into a fresh page. Chromium runs headless`,
    '(SwiftShader), Firefox ESR and WebKitGTK in windows on Xvfb (llvmpipe): the browsers share the same two cores but not',
    'the same GL, so compare the rows of one browser with each other, not across browsers.',
    '',
    browsersTable(r),
    BROWSERS_END,
  ].join('\n');
}

export function spliceBrowsers(page, section) {
  return spliceBetween(page, BROWSERS_BEGIN, BROWSERS_END, section);
}
