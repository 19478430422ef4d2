// The table, the goals and the docs/benchmarks.md section for the consumer part (consumer.mjs).
import { spliceBetween } from './cards-report.mjs';

export const CONSUMER_BEGIN = '<!-- bench:consumer:begin -->';
export const CONSUMER_END = '<!-- bench:consumer:end -->';
/** Issue 17 §12: what the host's main thread loads for a space before its first frame, gzip. */
export const MAIN_THREAD_KB_AT_MOST = 250;
/** The packaged build may cost a host this much more time to the first frame than our own build does. */
export const FIRST_FRAME_RATIO_AT_MOST = 1.25;

const kb = (b) => (b / 1000).toFixed(1);

export function consumerChecks(r) {
  const ratio = r.playground.firstFrameMs > 0 ? r.consumer.firstFrameMs / r.playground.firstFrameMs : Infinity;
  return [
    {
      name: `consumer: a host app's main thread loads under ${MAIN_THREAD_KB_AT_MOST} kB (gzip) of script before a space's first frame`,
      pass: r.consumer.gzipBytes < MAIN_THREAD_KB_AT_MOST * 1000,
      detail: `${kb(r.consumer.gzipBytes)} kB in ${r.consumer.scripts.length} scripts`,
    },
    {
      name: "consumer: no three.js in any script the host's main thread runs before the first frame",
      pass: r.consumer.withThree === 0,
      detail: `${r.consumer.withThree} script(s) with three.js`,
    },
    {
      name: `consumer: the host app's first frame comes within ${FIRST_FRAME_RATIO_AT_MOST}x of the playground's (same scene, same run)`,
      pass: ratio <= FIRST_FRAME_RATIO_AT_MOST,
      detail: `${r.consumer.firstFrameMs.toFixed(0)} ms vs ${r.playground.firstFrameMs.toFixed(0)} ms = ${ratio.toFixed(2)}x`,
    },
  ];
}

const checkLine = (c) => `[${c.pass ? 'PASS' : 'FAIL'}] ${c.name}: ${c.detail}`;

export function consumerTable(r) {
  const row = (name, x) =>
    `| ${name} | ${x.firstFrameMs.toFixed(0)} (${x.runs.join(', ')}) | ${kb(x.gzipBytes)} | ${x.scripts.length} | ${x.withThree} |`;
  return [
    '| host | first frame, ms from navigation (runs) | main-thread script before it, kB gzip | scripts | with three.js |',
    '|---|---:|---:|---:|---:|',
    row('host app: Vite build of the packed package (viewer page)', r.consumer),
    row('playground: our own build (preview mode)', r.playground),
  ].join('\n');
}

export function consumerHuman(r) {
  return `Host app from the package vs the playground (median of ${r.repeats}; app prepared in ${r.prepareS} s):\n${consumerTable(r)}\n\n${consumerChecks(r).map(checkLine).join('\n')}`;
}

export function consumerSection(r, { date, load }) {
  return [
    CONSUMER_BEGIN,
    '## A host app built from the package: main-thread bytes and first frame',
    '',
    `Measured ${date} (\`npm run bench -- --scene=consumer\`; part of the default run), median of ${r.repeats} loads per host; ${load}.`,
    "The benchmark packs the package (`npm pack`), installs the tarball into a copy of the consumer tests' Vite app",
    '(tests/consumers/vite-app, React + antd, nothing configured for dash3d) and builds it with `vite build`. Its viewer',
    "page (tests/consumers/host/Viewer.jsx) shows a saved dashboard with the plug-in's widgets in preview mode: one 3D",
    'space with a data card bound to a host variable (tests/consumers/viewer-scene.json; the space keeps its defaults,',
    'ground, lights and the sky environment preset, so the first frame waits for that preset too). The playground, built by our own',
    'Vite setup and started as `npm start` does, opens the same document as a `?scene=` link in preview mode. Each load is',
    'a fresh browser context. **First frame**: from navigation start to the space reporting its first drawn frame',
    '(`data-state="ready"`). **Main-thread script**: every script the page\'s own JavaScript engine parsed',
    "(DevTools `Debugger.scriptParsed`; the workers' scripts run elsewhere and are not counted) that had arrived by then,",
    'each weighed as gzip -9 of its source. The playground carries its whole editor (antd forms, the material editor),',
    'so its bytes are larger by design; the first-frame comparison shows what the package build costs a host.',
    '',
    consumerTable(r),
    '',
    `Scripts the host app's main thread ran before the first frame: ${r.consumer.scripts.map((s) => `${s.url.split('/').pop()} (${kb(s.gzip)} kB)`).join(', ')}.`,
    '',
    ...consumerChecks(r).map((c) => `- ${checkLine(c)}`),
    CONSUMER_END,
  ].join('\n');
}

export function spliceConsumer(page, section) {
  return spliceBetween(page, CONSUMER_BEGIN, CONSUMER_END, section);
}
