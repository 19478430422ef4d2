import { createRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
// The package's public entry, as a host uses it.
import { ThreeDSpace, type EngineEvent, type EngineStats, type ThreeDSpaceHandle, type VariableSource } from '../../../src/index';
import type { SpaceConfigInput } from '../../../shared/schema/space';
import { busy } from './busy';

/**
 * The rules benchmark page (issue 40): one model of PARTS cubes (the grid rules.mjs writes), and
 * VARIABLES host variables written 10 times a second each by the page, as a host's feed would.
 *   ?mode=rules   RULES rules, rule k reading variable k and tinting its PARTS / RULES cubes red
 *                 above 50 (hysteresis 2): every cube is under a rule, values cross the threshold
 *   ?mode=none    the same model and the same writes, no rules (the reference)
 *   &still=1      the camera still and the values still: what the rules cost when nothing changes
 * The orbit auto-rotates (unless still), so the worker draws continuously and its rate can be compared.
 */
export interface RulesBenchApi {
  ready: Promise<{ mode: string }>;
  stats(windowMs: number): Promise<EngineStats>;
  busy(on: boolean): void;
  problems(): string[];
}

declare global {
  interface Window {
    __benchRules: RulesBenchApi;
  }
}

const PARTS = 2000;
const VARIABLES = 200;
const WRITE_MS = 100;
const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'rules';
const still = params.get('still') === '1';
const errors: string[] = [];
const ref = createRef<ThreeDSpaceHandle>();

/** The host's variables: v0..v199, each a slow wave around 50 with its own phase, written every 100 ms. */
function feed(): VariableSource & { start(): void } {
  const values = new Map<string, unknown>();
  const subs = new Map<string, Set<(v: unknown) => void>>();
  const write = (name: string, v: unknown) => {
    values.set(name, v);
    for (const fn of subs.get(name) ?? []) fn(v);
  };
  for (let k = 0; k < VARIABLES; k++) values.set(`v${k}`, 40);
  return {
    names: () => [...values.keys()],
    read: (name) => values.get(name),
    subscribe(name, fn) {
      if (!subs.has(name)) subs.set(name, new Set());
      subs.get(name)!.add(fn);
      return () => subs.get(name)!.delete(fn);
    },
    write,
    start() {
      if (still) return;
      setInterval(() => {
        const t = performance.now() / 1000;
        for (let k = 0; k < VARIABLES; k++) write(`v${k}`, Math.round((50 + 12 * Math.sin(t * 0.7 + k)) * 10) / 10);
      }, WRITE_MS);
    },
  };
}

const per = PARTS / VARIABLES;
const rules =
  mode === 'rules'
    ? Array.from({ length: VARIABLES }, (_, k) => ({
        variable: `v${k}`,
        parts: Array.from({ length: per }, (_, i) => `p${k * per + i}`),
        condition: { kind: 'above', value: 50, hysteresis: 2 },
        effects: [{ type: 'tint', color: '#ff4d4f' }],
      }))
    : [];
const url = new URL('../../../rules-grid.obj', location.href).href;
const models = { grid: { src: { filePath: url, fileList: [{ uid: 'grid', name: 'rules-grid.obj', url }] }, adaptive: false, rules } };
const config: SpaceConfigInput = {
  sceneConfig: { background: '#0b1220', ground: { enable: false } },
  environmentConfig: { enable: false },
  cameraConfig: { cameraPositon: { x: 0, y: 420, z: 520 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
  controlConfig: { controlType: 'orbit', orbitConfig: { autoRotate: !still } },
  lightConfig: { ambientLight: [{ intensity: 0.8 }], directionalLight: [{ intensity: 2, position: { x: 200, y: 400, z: 250 } }] },
};
const variables = feed();
let loaded = false;

function onEvent(e: EngineEvent) {
  if (e.type === 'model-loaded') loaded = true;
  if (e.type === 'model-error' || (e.type === 'error' && e.fatal)) errors.push(`${e.type}: ${e.message}`);
  if (e.type === 'model-warning') errors.push(`model-warning: ${e.message}`);
}

function App() {
  const [cfg] = useState(config);
  return (
    <div style={{ width: 1280, height: 720 }}>
      <ThreeDSpace
        config={cfg}
        models={models}
        variables={variables}
        onEvent={onEvent}
        ref={ref}
        style={{ width: '100%', height: '100%' }}
      />
    </div>
  );
}

createRoot(document.getElementById('bench')!).render(<App />);

async function waitReady() {
  const until = performance.now() + 90_000;
  while (!loaded || !ref.current?.mode) {
    if (errors.length) throw new Error(errors.join('; '));
    if (performance.now() > until) throw new Error('timed out waiting for the grid to load');
    await new Promise((r) => setTimeout(r, 100));
  }
  await ref.current.settled();
  variables.start();
  return { mode };
}

window.__benchRules = {
  ready: waitReady(),
  stats: (windowMs) => ref.current!.stats(windowMs),
  busy,
  problems: () => [...errors],
};
