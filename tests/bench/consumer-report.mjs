// The table, the goals and the docs/benchmarks.md section for the consumer part (consumer.mjs).
import { spliceBetween } from './cards-report.mjs';

export const CONSUMER_BEGIN = '<!-- bench:consumer:begin -->';
export const CONSUMER_END = '<!-- bench:consumer:end -->';
/** Issue 31 point 7 (issue 17 §12 asked 250): what a host's viewer page loads on its main thread before a space's first frame, gzip. */
export const MAIN_THREAD_KB_AT_MOST = 200;
/** A host's build may cost it this much more time to the first frame than our own build does. */
export const FIRST_FRAME_RATIO_AT_MOST = 1.25;

const kb = (b) => (b / 1000).toFixed(1);
/** A script by its file name; one written into the page itself (Next.js writes a few) by the page's path. */
const scriptName = (path) => (/\/$|\.html$/.test(path) ? `inline in ${path}` : path.split('/').pop());
/** A host's first frame against the playground's, same scene, same run. */
const ratioOf = (r, h) => (r.playground.firstFrameMs > 0 ? h.firstFrameMs / r.playground.firstFrameMs : Infinity);

export function consumerChecks(r) {
  return r.hosts.flatMap((h) => [
    {
      name: `consumer, ${h.bundler}: the viewer page's main thread loads at most ${MAIN_THREAD_KB_AT_MOST} kB (gzip) of script before a space's first frame`,
      pass: h.gzipBytes <= MAIN_THREAD_KB_AT_MOST * 1000,
      detail: `${kb(h.gzipBytes)} kB in ${h.scripts.length} scripts`,
    },
    {
      name: `consumer, ${h.bundler}: no three.js in any script the viewer page's main thread runs before the first frame`,
      pass: h.withThree === 0,
      detail: `${h.withThree} script(s) with three.js`,
    },
    {
      name: `consumer, ${h.bundler}: the first frame comes within ${FIRST_FRAME_RATIO_AT_MOST}x of the playground's (same scene, same run)`,
      pass: ratioOf(r, h) <= FIRST_FRAME_RATIO_AT_MOST,
      detail: `${h.firstFrameMs.toFixed(0)} ms vs ${r.playground.firstFrameMs.toFixed(0)} ms = ${ratioOf(r, h).toFixed(2)}x`,
    },
  ]);
}

const checkLine = (c) => `[${c.pass ? 'PASS' : 'FAIL'}] ${c.name}: ${c.detail}`;

export function consumerTable(r) {
  const row = (name, x, ratio) =>
    `| ${name} | ${x.firstFrameMs.toFixed(0)} (${x.runs.join(', ')}) | ${ratio} | ${kb(x.gzipBytes)} | ${x.scripts.length} | ${x.withThree} |`;
  return [
    '| host | first frame, ms from navigation (runs) | vs the playground | main-thread script before it, kB gzip | scripts | with three.js |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.hosts.map((h) => row(`${h.bundler} ([${h.app}](../tests/consumers/${h.app}/), viewer page)`, h, `${ratioOf(r, h).toFixed(2)}x`)),
    row('playground: our own build (preview mode)', r.playground, '1.00x'),
  ].join('\n');
}

export function consumerHuman(r) {
  const builds = r.hosts.map((h) => `${h.name} ${h.buildS} s`).join(', ');
  return `Host apps from the package vs the playground (median of ${r.repeats}; apps prepared in ${r.prepareS} s; builds: ${builds}):\n${consumerTable(r)}\n\n${consumerChecks(r).map(checkLine).join('\n')}`;
}

export function consumerSection(r, { date, load }) {
  return [
    CONSUMER_BEGIN,
    '## Host apps built from the package: main-thread bytes and first frame',
    '',
    `Measured ${date} (\`npm run bench -- --scene=consumer\`; part of the default run; \`--hosts=vite,rspack\` measures only those), median of ${r.repeats} loads per host; ${load}.`,
    "The benchmark packs the package (`npm pack`), installs the tarball into a copy of each of the consumer tests' host apps",
    '(tests/consumers: React + antd, nothing configured for dash3d beyond what the README tells each bundler) and builds each',
    'once, as the consumer tests do (tests/consumers/support/prepare.mjs; the Next.js app with Turbopack, `next build`).',
    `Builds took, in seconds: ${r.hosts.map((h) => `${h.name} ${h.buildS}`).join(', ')}. Each app's viewer page`,
    "(tests/consumers/host/Viewer.jsx, from `dash3d/space`) shows a saved dashboard with the plug-in's widgets in preview mode: one 3D",
    'space with a data card bound to a host variable (tests/consumers/viewer-scene.json; the space keeps its defaults,',
    'ground, lights and the sky environment preset, so the first frame waits for that preset too). The playground, built by our own',
    'Vite setup and started as `npm start` does, opens the same document as a `?scene=` link in preview mode. The hosts take turns',
    'within each round, each round starting one further along; each load is a fresh browser context. **First frame**: from',
    'navigation start to the space reporting its first drawn frame (`data-state="ready"`), and as a ratio to the playground\'s',
    "median in the same run (the goal is a ratio, not a time: this machine's load varies). **Main-thread script**: every script",
    "the page's own JavaScript engine parsed (DevTools `Debugger.scriptParsed`; the workers' scripts run elsewhere and are not",
    'counted) that had arrived by then, each weighed as gzip -9 of its source. The playground carries its whole editor (antd',
    'forms, the material editor), so its bytes are larger by design.',
    '',
    consumerTable(r),
    '',
    "Scripts each viewer page's main thread ran before its first frame:",
    '',
    ...r.hosts.map((h) => `- ${h.bundler}: ${h.scripts.map((s) => `${scriptName(s.url)} (${kb(s.gzip)} kB)`).join(', ')}.`),
    '',
    ...consumerChecks(r).map((c) => `- ${checkLine(c)}`),
    CONSUMER_END,
  ].join('\n');
}

export function spliceConsumer(page, section) {
  return spliceBetween(page, CONSUMER_BEGIN, CONSUMER_END, section);
}
