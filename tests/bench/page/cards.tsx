import { createRef, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import type { CardDraw } from '../../../shared/overlays';
import type { EngineEvent, EngineStats } from '../../../shared/protocol';
import { SCENES, VIEW } from './scenes';
import { busy } from './busy';
import { cardConfig, cardDraw, UPDATE_MS } from './cardData';
import { startCss2dLabels, type LabelFrames } from './css2dLabels';

/**
 * The data-cards benchmark page (issue 10, Benchmark): the `light` scene (orbit auto-rotating) in a
 * render worker, with `count` data cards of three items whose values change 10 times a second.
 *   ?mode=engine&count=N   the product: cards drawn by the worker, given through the `cards` prop
 *   ?mode=css2d&count=N    the baseline: no cards in the worker, three's CSS2DRenderer on the main
 *                          thread draws one DOM label per card over the space
 *   ?mode=none             the same scene with no cards at all (the worker's reference frame rate)
 */
export interface CardsBenchApi {
  ready: Promise<{ mode: string; count: number; description: string }>;
  /** The worker's frame statistics, and the CSS2D labels' own frames (baseline only). */
  stats(windowMs: number): Promise<{ worker: EngineStats; labels: LabelFrames | null }>;
  busy(on: boolean): void;
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
const scene = SCENES.light!;
const errors: string[] = [];
const ref = createRef<ThreeDSpaceHandle>();
const HEARTBEAT = { intervalMs: 1000, silentTicks: 60 };
const TRUSTED = { trusted: true };
if (!['engine', 'css2d', 'none'].includes(mode) || !Number.isInteger(count) || count < 0)
  errors.push(`bad page parameters: mode=${mode} count=${count}`);

function onEvent(e: EngineEvent) {
  if (e.type === 'error') errors.push(`${e.code}: ${e.message}`);
  else if (e.type === 'script-error') errors.push(`script ${e.hook}: ${e.message}`);
}

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
  startTicking = () => setTicking(true);
  useEffect(() => {
    if (!configs.length || !ticking) return;
    let tick = 0;
    const timer = window.setInterval(() => setCards(allCards(++tick)), UPDATE_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return <ThreeDSpace ref={ref} userCode={TRUSTED} config={scene.config} cards={cards} heartbeat={HEARTBEAT} onEvent={onEvent} />;
}

let labels: ReturnType<typeof startCss2dLabels> | null = null;

async function whenReady() {
  const root = () => document.querySelector<HTMLElement>('.dash3d-space');
  const until = performance.now() + 90_000;
  while (root()?.dataset.state !== 'ready' || !ref.current?.mode) {
    if (root()?.dataset.state === 'error') throw new Error(`the space failed to start: ${errors.join('; ')}`);
    if (performance.now() > until) throw new Error('timed out waiting for the space to be ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  await ref.current.settled();
  if (ref.current.mode !== 'worker') throw new Error(`the space runs in ${ref.current.mode}, not in a render worker`);
  while (mode === 'engine' && (await ref.current.stats(1000)).cards.total !== count) {
    if (performance.now() > until) throw new Error(`timed out waiting for the worker to hold ${count} cards`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Values start changing once the scene and the cards are drawn (in both techniques alike): the
  // benchmark measures the steady state, not how a start under a flood of updates goes.
  if (mode === 'css2d') labels = startCss2dLabels(host, scene.config, count, VIEW);
  startTicking();
  if (errors.length) throw new Error(errors.join('; '));
  return { mode, count, description: scene.description };
}

const host = document.getElementById('bench')!;
Object.assign(host.style, { width: `${VIEW.width}px`, height: `${VIEW.height}px`, overflow: 'hidden' });
createRoot(host).render(<Space />);

window.__benchCards = {
  ready: whenReady(),
  async stats(windowMs) {
    if (!ref.current) throw new Error('the space is not running');
    return { worker: await ref.current.stats(windowMs), labels: labels?.stats(windowMs) ?? null };
  },
  busy,
  problems: () => {
    const restarts = ref.current?.restarts ?? 0;
    return restarts ? [...errors, `the render worker was restarted ${restarts} time(s)`] : [...errors];
  },
};
