import { createRef, useEffect, useState, type ComponentType, type Ref } from 'react';
import { createRoot } from 'react-dom/client';
// The package's public entry (what `dash3d` means to the playground): the host path renders through it.
import {
  CARD_WIDGET,
  createThreeDPlugin,
  SPACE_WIDGET,
  ThreeDSpace,
  type ThreeDSpaceHandle,
  type CameraView,
  type EngineEvent,
  type EngineStats,
  type ThreeDHost,
  type WidgetViewProps,
} from '../../../src/index';
import type { CardDraw } from '../../../shared/overlays';
import type { SpaceConfigInput } from '../../../shared/schema/space';
import { SCENES, VIEW } from './scenes';
import { busy } from './busy';
import { boundCardConfig, cardConfig, cardDraw, UPDATE_MS, values, variableNames } from './cardData';
import { startCss2dLabels, type LabelFrames } from './css2dLabels';
import { createSimulatedVariables } from '../../../playground/host/variables';

/**
 * The data-cards benchmark page (issues 10 and 18, Benchmark): the `light` scene (orbit
 * auto-rotating) in a render worker, with `count` data cards of three items whose values change 10
 * times a second.
 *   ?mode=engine&count=N   cards drawn by the worker, handed to ThreeDSpace's `cards` prop as
 *                          CardDraws (what the space's card store makes)
 *   ?mode=host&count=N     the same page as a host builds it: the plug-in's 3D space widget with N
 *                          data-card child widgets (createThreeDPlugin, the public entry), each
 *                          data item bound to a host variable `{{card<i>.<item>}}`, the values
 *                          written through the host's `variables.write`
 *   ?mode=css2d&count=N    the baseline: no cards in the worker, three's CSS2DRenderer on the main
 *                          thread draws one DOM label per card over the space
 *   ?mode=writes&count=N   the host's own feed alone: the same N x 3 variables written every 100 ms,
 *                          the space without cards (what the host path costs the page before the plug-in)
 *   ?mode=none             the same scene with no cards at all (the worker's reference frame rate)
 *   &scale=S               (engine and none) the scene drawn at S of the screen's pixels
 *                          (renderConfig fixed at that ratio), the cards at the screen's (issue 34)
 */
export interface CardsBenchApi {
  ready: Promise<{ mode: string; count: number; description: string }>;
  /** The worker's frame statistics, and the CSS2D labels' own frames (baseline only). */
  stats(windowMs: number): Promise<{ worker: EngineStats; labels: LabelFrames | null }>;
  busy(on: boolean): void;
  /**
   * Stops the orbit's auto-rotation (the space's config, as a designer would) and resolves once the
   * camera stands still (two views 300 ms apart equal), or after 10 s with `stopped: false`. The
   * values keep changing 10 times a second.
   */
  still(): Promise<{ stopped: boolean; waitedMs: number }>;
  problems(): string[];
}

declare global {
  interface Window {
    __benchCards: CardsBenchApi;
  }
}

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'engine';
const count = mode === 'none' ? 0 : Number(params.get('count') ?? '100');
const scale = Number(params.get('scale') ?? '1');
const light = SCENES.light!;
/** At a scale below 1, the scene's ratio fixed there (0.5 is adaptive resolution's lowest step). */
const scene =
  scale === 1
    ? light
    : {
        ...light,
        config: { ...light.config, renderConfig: { resolution: 'fixed' as const, pixelRatio: Math.max(0.5, scale * devicePixelRatio) } },
      };
const errors: string[] = [];
const ref = createRef<ThreeDSpaceHandle>();
const HEARTBEAT = { intervalMs: 1000, silentTicks: 60 };
const TRUSTED = { trusted: true };
if (!['engine', 'host', 'writes', 'css2d', 'none'].includes(mode) || !Number.isInteger(count) || count < 0)
  errors.push(`bad page parameters: mode=${mode} count=${count}`);
if (!(scale >= 0.5 && scale <= 1) || (scale !== 1 && mode !== 'engine' && mode !== 'none'))
  errors.push(`bad page parameters: scale=${scale} (0.5 to 1, engine and none only)`);

/** The scene with the orbit's auto-rotation off: the camera stays where it got to. */
const stillConfig: SpaceConfigInput = {
  ...scene.config,
  controlConfig: { ...scene.config.controlConfig, orbitConfig: { ...scene.config.controlConfig?.orbitConfig, autoRotate: false } },
};
/** Set by the mounted space component: switches its config to stillConfig. */
let stopOrbit = () => {};

function onEvent(e: EngineEvent) {
  if (e.type === 'error') errors.push(`${e.code}: ${e.message}`);
  else if (e.type === 'script-error') errors.push(`script ${e.hook}: ${e.message}`);
}

// --- engine path -------------------------------------------------------------------------------

const configs = Array.from({ length: mode === 'engine' ? count : 0 }, (_, i) => cardConfig(i, count));
const allCards = (tick: number): Record<string, CardDraw> =>
  Object.fromEntries(configs.map((config, i) => [`card-${i}`, cardDraw(config, i, tick)]));

/**
 * The engine case: what the main-thread card store does when values change, every card here, 10
 * times a second: a new CardDraw per changed card, a new record, one render of the space.
 */
let startTicking = () => {};

function Space() {
  const [cards, setCards] = useState(() => (configs.length ? allCards(0) : undefined));
  const [ticking, setTicking] = useState(false);
  const [rotating, setRotating] = useState(true);
  startTicking = () => setTicking(true);
  stopOrbit = () => setRotating(false);
  useEffect(() => {
    if (!configs.length || !ticking) return;
    let tick = 0;
    const timer = window.setInterval(() => setCards(allCards(++tick)), UPDATE_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return (
    <ThreeDSpace
      ref={ref}
      userCode={TRUSTED}
      config={rotating ? scene.config : stillConfig}
      cards={cards}
      heartbeat={HEARTBEAT}
      onEvent={onEvent}
    />
  );
}

// --- host path ---------------------------------------------------------------------------------

// The playground's own variable source, its simulated device never started: only the page writes.
const variables = createSimulatedVariables();
/** What the playground's host gives the plug-in (playground/host/createHost.ts), for a viewer of a trusted document. */
const host: ThreeDHost = {
  locale: 'en',
  mode: 'preview',
  hasPermission: () => true,
  media: { baseUrl: '/', headers: () => ({}), allowedFormats: [] },
  variables,
  supportsLayoutInheritance: false,
  userCode: TRUSTED,
};
const descriptors = new Map(createThreeDPlugin(host).widgets.map((d) => [d.type, d]));
/** React 19 passes `ref` to function components: the space widget hands its ThreeDSpaceHandle on (as in playground/editor/Canvas.tsx). */
const SpaceView = descriptors.get(SPACE_WIDGET)?.View as ComponentType<WidgetViewProps<unknown> & { ref?: Ref<ThreeDSpaceHandle> }>;
const CardView = descriptors.get(CARD_WIDGET)?.View as ComponentType<WidgetViewProps<unknown>>;
/** The stored document: one space, `count` card widgets inside it, each config one object for good. */
const cardWidgets = Array.from({ length: mode === 'host' ? count : 0 }, (_, i) => ({ id: `card-${i}`, config: boundCardConfig(i, count) }));
const names = Array.from({ length: mode === 'host' || mode === 'writes' ? count : 0 }, (_, i) => variableNames(i));
/** The host's data feed: every card's three values, through `variables.write`. */
function writeValues(tick: number) {
  for (let i = 0; i < names.length; i++) {
    const texts = values(i, tick);
    names[i]!.forEach((name, k) => variables.write(name, texts[k]));
  }
}
writeValues(0);
let hostTimer = 0;
const startWriting = () => {
  let tick = 0;
  hostTimer ||= window.setInterval(() => writeValues(++tick), UPDATE_MS);
};

function onSpaceEvent(name: string, payload: unknown) {
  if (name === 'error') onEvent(payload as EngineEvent);
}

function HostPage() {
  const [rotating, setRotating] = useState(true);
  stopOrbit = () => setRotating(false);
  return (
    <SpaceView id="space" config={rotating ? scene.config : stillConfig} host={host} onWidgetEvent={onSpaceEvent} ref={ref}>
      {cardWidgets.length ? cardWidgets.map((w) => <CardView key={w.id} id={w.id} config={w.config} host={host} />) : undefined}
    </SpaceView>
  );
}

// --- the page ----------------------------------------------------------------------------------

let labels: ReturnType<typeof startCss2dLabels> | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function whenReady() {
  const root = () => document.querySelector<HTMLElement>('.dash3d-space');
  const until = performance.now() + 90_000;
  while (root()?.dataset.state !== 'ready' || !ref.current?.mode) {
    if (root()?.dataset.state === 'error') throw new Error(`the space failed to start: ${errors.join('; ')}`);
    if (performance.now() > until) throw new Error('timed out waiting for the space to be ready');
    await sleep(50);
  }
  await ref.current.settled();
  if (ref.current.mode !== 'worker') throw new Error(`the space runs in ${ref.current.mode}, not in a render worker`);
  while ((mode === 'engine' || mode === 'host') && (await ref.current.stats(1000)).cards.total !== count) {
    if (performance.now() > until) throw new Error(`timed out waiting for the worker to hold ${count} cards`);
    await sleep(100);
  }
  // Values start changing once the scene and the cards are drawn (in every technique alike): the
  // benchmark measures the steady state, not how a start under a flood of updates goes.
  if (mode === 'css2d') labels = startCss2dLabels(page, scene.config, count, VIEW);
  if (mode === 'host' || mode === 'writes') startWriting();
  else startTicking();
  if (errors.length) throw new Error(errors.join('; '));
  return { mode, count, description: scene.description };
}

const same = (a: CameraView, b: CameraView) =>
  Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y, a.position.z - b.position.z) < 1e-3;

const page = document.getElementById('bench')!;
Object.assign(page.style, { width: `${VIEW.width}px`, height: `${VIEW.height}px`, overflow: 'hidden' });
createRoot(page).render(mode === 'host' || mode === 'writes' ? <HostPage /> : <Space />);

window.__benchCards = {
  ready: whenReady(),
  async stats(windowMs) {
    if (!ref.current) throw new Error('the space is not running');
    return { worker: await ref.current.stats(windowMs), labels: labels?.stats(windowMs) ?? null };
  },
  busy,
  async still() {
    const started = performance.now();
    stopOrbit();
    const space = ref.current;
    if (!space) throw new Error('the space is not running');
    let last = await space.getView();
    while (performance.now() - started < 10_000) {
      await sleep(300);
      const now = await space.getView();
      if (same(last, now)) return { stopped: true, waitedMs: performance.now() - started };
      last = now;
    }
    return { stopped: false, waitedMs: performance.now() - started };
  },
  problems: () => {
    const restarts = ref.current?.restarts ?? 0;
    return restarts ? [...errors, `the render worker was restarted ${restarts} time(s)`] : [...errors];
  },
};
