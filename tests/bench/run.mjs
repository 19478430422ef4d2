// `npm run bench`: engine (render worker) vs baseline (same engine on the main thread), each with
// an idle and a busy main thread, then model loads in both. Options: --json, --no-docs,
// --repeats=N, --scene=a,b (scene names and/or `models`, `spaces`, `spaces-memory`, `cards`, `rules`, `touch`), --models=robot,flair,cturtle,mug (the default;
// also gears, facecap: compressed glTF, cold decoders),
// --warmup-ms=N, --measure-ms=N; `--scene=materials` runs the material-editor part (issue 11), `consumer` (in the
// default run) the host apps built from the packed package against the playground (issues 17 and 31; --hosts=vite,rspack
// for some of them), `service` the media-library
// service's soak on the disk and an S3-compatible store (issue 21; no browser), `browsers` (in the default run) the light
// scene and a model in Chromium, Firefox ESR and WebKitGTK (issue 30). See docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { buildBench, serveBench } from './build.mjs';
import { launchBrowser, measureOnce } from './measure.mjs';
import { checks, docsPage, humanReport, toJson } from './report.mjs';
import { checkModels, DEFAULT_MODELS, runModelBench } from './models.mjs';
import { modelChecks, modelsHuman, modelsJson, modelsSection, spliceModels } from './models-report.mjs';
import { runSpacesBench, SPACES_PART } from './spaces.mjs';
import {
  MEMORY_BEGIN,
  MEMORY_END,
  runSpacesMemory,
  SPACES_MEMORY_PART,
  spacesMemoryHuman,
  spacesMemorySection,
  spliceSpacesMemory,
} from './spaces-memory.mjs';
import { GROUPS_BEGIN, GROUPS_END, GROUPS_PART, groupsHuman, groupsSection, runGroupsBench, spliceGroups } from './groups.mjs';
import { BEGIN as SPACES_BEGIN, END as SPACES_END, spacesHuman, spacesSection, spliceSpaces } from './spaces-report.mjs';
import { CARDS_DEFAULT_REPEATS, CARDS_PART, runCardsBench } from './cards.mjs';
import {
  MATERIALS_BEGIN,
  MATERIALS_END,
  MATERIALS_PART,
  materialsChecks,
  materialsHuman,
  materialsSection,
  runMaterialsBench,
  spliceMaterials,
} from './materials.mjs';
import { BEGIN as CARDS_BEGIN, END as CARDS_END, cardsChecks, cardsHuman, cardsSection, spliceCards } from './cards-report.mjs';
import { CONSUMER_PART, consumerHosts, runConsumerBench } from './consumer.mjs';
import { CONSUMER_BEGIN, CONSUMER_END, consumerChecks, consumerHuman, consumerSection, spliceConsumer } from './consumer-report.mjs';
import { medianOf } from './median.mjs';
import { runServiceBench, SERVICE_PART } from './service.mjs';
import { SERVICE_BEGIN, SERVICE_END, serviceHuman, serviceSection, spliceService } from './service-report.mjs';
import { BROWSERS_DEFAULT_REPEATS, BROWSERS_PART, runBrowsersBench } from './browsers.mjs';
import { BROWSERS_BEGIN, BROWSERS_END, browsersHuman, browsersSection, spliceBrowsers } from './browsers-report.mjs';
import {
  RULES_BEGIN,
  RULES_DEFAULT_REPEATS,
  RULES_END,
  RULES_PART,
  rulesChecks,
  rulesHuman,
  rulesSection,
  runRulesBench,
  spliceRules,
} from './rules.mjs';
import {
  runTouchBench,
  spliceTouch,
  TOUCH_BEGIN,
  TOUCH_DEFAULT_REPEATS,
  TOUCH_END,
  TOUCH_PART,
  touchChecks,
  touchHuman,
  touchSection,
} from './touch.mjs';

/**
 * Keys of SCENES in page/scenes.ts (the page rejects a name it does not know). 'light' first: it
 * takes about 22 ms of a frame on this kind of machine, leaving the headroom in which the worker's
 * advantage shows. 'heavy' saturates both cores of a 2-core machine even with an idle page, so any
 * main-thread work takes frames from it too: a stress figure, reported next to it.
 */
const DEFAULT_SCENES = ['light', 'heavy'];
/** `--scene=models` (alone or in the list) runs the model-load benchmark (models.mjs). */
const MODELS_PART = 'models';
/**
 * Each scene runs four ways: the product as shipped (worker, adaptive resolution, the default
 * target of 30 fps), the same with the highest target a designer can set (60 fps: adaptive
 * resolution then holds the frame rate, not only 30), the worker at the screen's own resolution
 * throughout (like for like with the baseline: what idle parity is judged on), and the baseline
 * (the same engine on the main thread, at the screen's resolution, as plain three.js draws).
 */
const MODES = [
  { key: 'worker', mode: 'worker', resolution: 'auto' },
  { key: 'worker60', mode: 'worker', resolution: 'auto', targetFps: 60 },
  { key: 'workerFixed', mode: 'worker', resolution: 'fixed' },
  { key: 'main', mode: 'main', resolution: 'fixed' },
];

function parseArgs(argv) {
  const opts = {
    json: false,
    docs: true,
    repeats: 5,
    scenes: [...DEFAULT_SCENES, MODELS_PART, CARDS_PART, RULES_PART, TOUCH_PART, CONSUMER_PART, BROWSERS_PART],
    repeatsGiven: false,
    models: DEFAULT_MODELS,
    warmupMs: 2000,
    measureMs: 5000,
  };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'json') opts.json = true;
    else if (key === 'no-docs') opts.docs = false;
    else if (key === 'repeats') {
      opts.repeats = positiveInt(key, value);
      opts.repeatsGiven = true;
    } else if (key === 'warmup-ms') opts.warmupMs = positiveInt(key, value);
    else if (key === 'measure-ms') opts.measureMs = positiveInt(key, value);
    else if (key === 'scene') {
      opts.scenes = (value ?? '').split(',').filter(Boolean);
      if (!opts.scenes.length) throw new Error(`--scene takes a comma-separated list, e.g. ${[...DEFAULT_SCENES, MODELS_PART].join(',')}`);
    } else if (key === 'hosts') {
      opts.hosts = (value ?? '').split(',').filter(Boolean);
      if (!opts.hosts.length) throw new Error('--hosts takes a comma-separated list of host apps, e.g. vite,rspack');
    } else if (key === 'models') {
      opts.models = (value ?? '').split(',').filter(Boolean);
      if (!opts.models.length) throw new Error(`--models takes a comma-separated list, e.g. ${DEFAULT_MODELS.join(',')}`);
    } else throw new Error(`unknown option ${arg}`);
  }
  opts.withModels = opts.scenes.includes(MODELS_PART);
  // `spaces` (40 spaces on one dashboard, issues 8 §5 and 34 §5) runs only when named: it takes minutes.
  opts.withSpaces = opts.scenes.includes(SPACES_PART);
  // `spaces-memory` (issue 43: memory per space, one space against twelve) runs only when named.
  opts.withSpacesMemory = opts.scenes.includes(SPACES_MEMORY_PART);
  // `groups` (20 component groups orbiting vs none, issue 10) runs only when named.
  opts.withGroups = opts.scenes.includes(GROUPS_PART);
  // `cards` (issues 10 and 18) is in the default run: a no-card reference and the engine, host, host-feed and CSS2D cases, CARDS_DEFAULT_REPEATS rounds.
  opts.withCards = opts.scenes.includes(CARDS_PART);
  // `materials` (the material editor's preview and thumbnails, issue 11) runs only when named.
  opts.withMaterials = opts.scenes.includes(MATERIALS_PART);
  // `consumer` (issue 17): a host app built from the packed package vs the playground; in the default run.
  opts.withConsumer = opts.scenes.includes(CONSUMER_PART);
  // `service` (issue 21: the media-library service on disk and S3) runs only when named.
  opts.withService = opts.scenes.includes(SERVICE_PART);
  // `browsers` (issue 30: the light scene and a model in Chromium, Firefox ESR and WebKitGTK); in the default run.
  opts.withBrowsers = opts.scenes.includes(BROWSERS_PART);
  // `rules` (issue 40: 2000 parts under rules, 200 variables at 10 Hz, vs none); in the default run.
  opts.withRules = opts.scenes.includes(RULES_PART);
  // `touch` (issue 41: a pinch and a two-finger pan on a tablet, idle and busy page); in the default run.
  opts.withTouch = opts.scenes.includes(TOUCH_PART);
  const parts = [
    MODELS_PART,
    SPACES_PART,
    SPACES_MEMORY_PART,
    GROUPS_PART,
    CARDS_PART,
    RULES_PART,
    TOUCH_PART,
    MATERIALS_PART,
    CONSUMER_PART,
    SERVICE_PART,
    BROWSERS_PART,
  ];
  opts.scenes = opts.scenes.filter((s) => !parts.includes(s));
  if (opts.withModels) checkModels(opts.models);
  opts.consumerHosts = consumerHosts(opts.hosts);
  return opts;
}

function positiveInt(key, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${key} needs a positive whole number`);
  return n;
}

/** What the browser actually draws with: the benchmark means little without it. */
async function glRenderer(browser) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
      if (!gl) return null;
      const ext = gl.getExtension('WEBGL_debug_renderer_info');
      return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    });
  } finally {
    await page.close();
  }
}

/**
 * A run rewrites the parts it measured and keeps the others: the scene page when scenes ran, the
 * model section (between its markers) when models ran, the page's previous model section otherwise.
 */
function writeDocs(
  scenesPage,
  models,
  meta,
  log,
  spaces = null,
  cards = null,
  groups = null,
  materials = null,
  consumer = null,
  browsers = null,
  rules = null,
  touch = null,
  spacesMemory = null,
) {
  const file = new URL('../../docs/benchmarks.md', import.meta.url);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
  let page = scenesPage ?? old;
  if (!page) return log('[bench] docs/benchmarks.md not written: run the scenes once to create it');
  if (models.length) page = spliceModels(page, modelsSection(models, meta));
  else if (scenesPage && old) {
    const kept = /<!-- bench:models:begin -->[\s\S]*<!-- bench:models:end -->/.exec(old);
    if (kept) page = spliceModels(page, kept[0]);
  }
  if (spaces) page = spliceSpaces(page, spacesSection(spaces, meta));
  else if (scenesPage && old && old.includes(SPACES_BEGIN))
    page = spliceSpaces(page, old.slice(old.indexOf(SPACES_BEGIN), old.indexOf(SPACES_END) + SPACES_END.length));
  if (spacesMemory) page = spliceSpacesMemory(page, spacesMemorySection(spacesMemory, meta));
  else if (scenesPage && old && old.includes(MEMORY_BEGIN))
    page = spliceSpacesMemory(page, old.slice(old.indexOf(MEMORY_BEGIN), old.indexOf(MEMORY_END) + MEMORY_END.length));
  if (cards) page = spliceCards(page, cardsSection(cards, meta));
  else if (scenesPage && old && old.includes(CARDS_BEGIN))
    page = spliceCards(page, old.slice(old.indexOf(CARDS_BEGIN), old.indexOf(CARDS_END) + CARDS_END.length));
  if (rules) page = spliceRules(page, rulesSection(rules, meta));
  else if (scenesPage && old && old.includes(RULES_BEGIN))
    page = spliceRules(page, old.slice(old.indexOf(RULES_BEGIN), old.indexOf(RULES_END) + RULES_END.length));
  if (touch) page = spliceTouch(page, touchSection(touch, meta));
  else if (scenesPage && old && old.includes(TOUCH_BEGIN))
    page = spliceTouch(page, old.slice(old.indexOf(TOUCH_BEGIN), old.indexOf(TOUCH_END) + TOUCH_END.length));
  if (groups) page = spliceGroups(page, groupsSection(groups, meta));
  else if (scenesPage && old && old.includes(GROUPS_BEGIN))
    page = spliceGroups(page, old.slice(old.indexOf(GROUPS_BEGIN), old.indexOf(GROUPS_END) + GROUPS_END.length));
  if (materials) page = spliceMaterials(page, materialsSection(materials, meta));
  else if (scenesPage && old && old.includes(MATERIALS_BEGIN))
    page = spliceMaterials(page, old.slice(old.indexOf(MATERIALS_BEGIN), old.indexOf(MATERIALS_END) + MATERIALS_END.length));
  if (consumer) page = spliceConsumer(page, consumerSection(consumer, meta));
  else if (scenesPage && old && old.includes(CONSUMER_BEGIN))
    page = spliceConsumer(page, old.slice(old.indexOf(CONSUMER_BEGIN), old.indexOf(CONSUMER_END) + CONSUMER_END.length));
  if (browsers) page = spliceBrowsers(page, browsersSection(browsers, meta));
  else if (scenesPage && old && old.includes(BROWSERS_BEGIN))
    page = spliceBrowsers(page, old.slice(old.indexOf(BROWSERS_BEGIN), old.indexOf(BROWSERS_END) + BROWSERS_END.length));
  // The service's section is written by its own runs only (serviceOnly): a page rebuilt keeps it.
  if (scenesPage && old && old.includes(SERVICE_BEGIN))
    page = spliceService(page, old.slice(old.indexOf(SERVICE_BEGIN), old.indexOf(SERVICE_END) + SERVICE_END.length));
  writeFileSync(file, page);
  log('[bench] wrote docs/benchmarks.md');
}

/** The service soak: no page to build, no browser. Answers whether it was the only part asked for. */
async function serviceOnly(opts, log) {
  if (!opts.withService) return false;
  const loads = [loadavg()[0]];
  const service = await runServiceBench({ log });
  loads.push(loadavg()[0]);
  process.stdout.write(opts.json ? JSON.stringify({ service }) + '\n' : `${serviceHuman(service)}\n`);
  if (opts.docs) {
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const load = `1-minute load average before and after: ${loads.map((l) => l.toFixed(1)).join(' and ')}`;
    const file = new URL('../../docs/benchmarks.md', import.meta.url);
    if (existsSync(file)) {
      writeFileSync(file, spliceService(readFileSync(file, 'utf8'), serviceSection(service, { date, load })));
      log('[bench] wrote the service section of docs/benchmarks.md');
    }
  }
  const others =
    opts.scenes.length ||
    opts.withModels ||
    opts.withSpaces ||
    opts.withSpacesMemory ||
    opts.withGroups ||
    opts.withCards ||
    opts.withRules ||
    opts.withTouch;
  return !(others || opts.withMaterials || opts.withConsumer || opts.withBrowsers);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const log = (...a) => console.error(...a);
  if (await serviceOnly(opts, log)) return;
  const started = Date.now();
  let server = null;
  let browser = null;
  try {
    log('[bench] building the benchmark page for production...');
    const { chunks: bundle } = await buildBench();
    const buildS = Math.round((Date.now() - started) / 1000);
    server = await serveBench();
    const launched = await launchBrowser();
    browser = launched.browser;
    const gl = await glRenderer(browser);
    if (!gl) throw new Error('this Chromium offers no WebGL2: nothing to measure');
    log(`[bench] ${server.url}, Chromium ${launched.version}, ${gl}`);

    // Other processes on the machine skew every figure: record how loaded it was while measuring.
    const loads = [loadavg()[0]];
    const runs = Object.fromEntries(opts.scenes.map((s) => [s, { worker: [], worker60: [], workerFixed: [], main: [], description: '' }]));
    for (let r = 0; r < (opts.scenes.length ? opts.repeats : 0); r++) {
      log(`[bench] round ${r + 1} of ${opts.repeats}`);
      for (const scene of opts.scenes) {
        // Alternate which host goes first, so a slow neighbour process does not always hit the same one.
        for (const { key, mode, resolution, targetFps } of r % 2 ? [...MODES].reverse() : MODES) {
          const result = await measureOnce(browser, server.url, {
            scene,
            mode,
            resolution,
            targetFps,
            warmupMs: opts.warmupMs,
            measureMs: opts.measureMs,
            log,
          });
          runs[scene][key].push(result.metrics);
          loads.push(loadavg()[0]);
          runs[scene].description = result.description;
        }
      }
    }

    const scenesS = Math.round((Date.now() - started) / 1000) - buildS;
    const modelsStarted = Date.now();
    /** What every part is given: its repeats (`--repeats`, else the part's own default), the log, and a load reading after each run. */
    const part = (defaultRepeats = opts.repeats) => ({
      repeats: opts.repeatsGiven ? opts.repeats : defaultRepeats,
      log,
      afterRun: () => loads.push(loadavg()[0]),
    });
    const modelRun = opts.withModels
      ? await runModelBench(browser, server.modelsUrl, { ...part(), models: opts.models })
      : { results: [], parallelCompile: null };
    const models = modelRun.results;
    const modelsS = Math.round((Date.now() - modelsStarted) / 1000);
    const spaces = opts.withSpaces ? await runSpacesBench(browser, server.spacesUrl, part()) : null;
    const spacesMemory = opts.withSpacesMemory ? await runSpacesMemory(browser, server.spacesUrl, part()) : null;
    const timing = { warmupMs: opts.warmupMs, measureMs: opts.measureMs };
    const groups = opts.withGroups ? await runGroupsBench(browser, server.groupsUrl, { ...part(), ...timing }) : null;
    const cards = opts.withCards ? await runCardsBench(browser, server.cardsUrl, part(CARDS_DEFAULT_REPEATS)) : null;
    const rules = opts.withRules ? await runRulesBench(browser, server.rulesUrl, part(RULES_DEFAULT_REPEATS)) : null;
    const touch = opts.withTouch ? await runTouchBench(browser, server.url, part(TOUCH_DEFAULT_REPEATS)) : null;
    const materials = opts.withMaterials ? await runMaterialsBench(browser, server.materialsUrl, part(3)) : null;
    const consumer = opts.withConsumer ? await runConsumerBench(browser, { ...part(), hosts: opts.consumerHosts }) : null;
    // Last: it starts browsers of its own (a Chromium, then Firefox and WebKit on an Xvfb display).
    const browsers = opts.withBrowsers ? await runBrowsersBench(server, { ...part(BROWSERS_DEFAULT_REPEATS), ...timing }) : null;

    const results = opts.scenes.map((name) => ({
      name,
      description: runs[name].description,
      engine: medianOf(runs[name].worker),
      engine60: medianOf(runs[name].worker60),
      engineFixed: medianOf(runs[name].workerFixed),
      baseline: medianOf(runs[name].main),
      runs: { engine: runs[name].worker, engine60: runs[name].worker60, engineFixed: runs[name].workerFixed, baseline: runs[name].main },
    }));
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const load = `1-minute load average while measuring: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`;
    const machine = {
      date,
      summary: `${availableParallelism()} cores, Chromium ${launched.version} headless, WebGL: ${gl}; ${load}`,
      lines: [
        `${availableParallelism()} logical cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, no GPU use: WebGL renderer "${gl}"`,
        `Chromium ${launched.version}, headless, launched by Playwright; Node ${process.version}`,
        `${load} (the benchmark alone accounts for about 2 to 3; more means something else was running)`,
      ],
    };
    const settings = {
      summary:
        `Each figure is the median of ${opts.repeats} runs; each run loads the page, waits for the first settled frame, ` +
        `warms up ${opts.warmupMs} ms and measures ${opts.measureMs} ms idle, then starts the busy load, ` +
        `warms up ${opts.warmupMs} ms and measures ${opts.measureMs} ms busy.`,
    };
    const allChecks = [
      ...results.flatMap(checks),
      ...models.flatMap(modelChecks),
      ...(cards ? cardsChecks(cards) : []),
      ...(rules ? rulesChecks(rules) : []),
      ...(touch ? touchChecks(touch) : []),
      ...(materials ? materialsChecks(materials) : []),
      ...(consumer ? consumerChecks(consumer) : []),
    ];

    if (opts.json) {
      const extra = {
        date,
        machine: machine.summary,
        checks: allChecks,
        bundle: { startHasThree: bundle.startHasThree, files: bundle.files.filter((f) => f.three) },
      };
      process.stdout.write(
        JSON.stringify({
          ...toJson(results, extra),
          models: modelsJson(models),
          spaces,
          spacesMemory,
          groups,
          cards,
          rules,
          touch,
          materials,
          consumer,
          browsers,
        }) + '\n',
      );
    } else {
      const scenesPart = results.length
        ? humanReport(results, bundle, machine, settings)
        : `dash3d benchmark, ${machine.date}: ${machine.summary}`;
      process.stdout.write(
        scenesPart +
          (models.length ? `\n\n${modelsHuman(models)}` : '') +
          (spaces ? `\n\n${spacesHuman(spaces)}` : '') +
          (spacesMemory ? `\n\n${spacesMemoryHuman(spacesMemory)}` : '') +
          (groups ? `\n\n${groupsHuman(groups)}` : '') +
          (cards ? `\n\n${cardsHuman(cards)}` : '') +
          (rules ? `\n\n${rulesHuman(rules)}` : '') +
          (touch ? `\n\n${touchHuman(touch)}` : '') +
          (materials ? `\n\n${materialsHuman(materials)}` : '') +
          (consumer ? `\n\n${consumerHuman(consumer)}` : '') +
          (browsers ? `\n\n${browsersHuman(browsers)}` : '') +
          '\n',
      );
    }
    if (opts.docs)
      writeDocs(
        results.length ? docsPage(results, bundle, machine, settings) : null,
        models,
        { date, repeats: opts.repeats, load, parallelCompile: modelRun.parallelCompile },
        log,
        spaces,
        cards,
        groups,
        materials,
        consumer,
        browsers,
        rules,
        touch,
        spacesMemory,
      );
    log(`[bench] done in ${Math.round((Date.now() - started) / 1000)} s (build ${buildS} s, scenes ${scenesS} s, models ${modelsS} s)`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
  }
}

main().catch((err) => {
  console.error('[bench] could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
