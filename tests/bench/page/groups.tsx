import { createRef, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import { GroupWidget } from '../../../src/widgets/group/GroupWidget';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import type { ThreeDHost, VariableSource } from '../../../src/host/types';
import type { EngineStats } from '../../../shared/protocol';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { GroupConfigSchema } from '../../../shared/schema/group';
import { SCENES, VIEW } from './scenes';

/**
 * The component-group benchmark page (issue 10): the 'light' scene, camera orbiting, with N
 * component groups placed round it in 3D, each holding a live host widget (a reading that changes
 * 10 times a second, as a gauge bound to a variable would).
 *   ?groups=N   how many groups (0: the same scene without groups, the baseline)
 */
export interface GroupsBenchApi {
  ready: Promise<{ mode: 'worker' | 'main'; groups: number }>;
  stats(windowMs: number): Promise<EngineStats>;
  /** Groups shown now (placed by the engine and not hidden). */
  shown(): number;
  problems(): string[];
}

declare global {
  interface Window {
    __benchGroups: GroupsBenchApi;
  }
}

const count = Math.max(0, Math.min(200, Number(new URLSearchParams(location.search).get('groups') ?? 20) || 0));
const errors: string[] = [];
const ref = createRef<ThreeDSpaceHandle>();

const noVariables: VariableSource = { names: () => [], read: () => undefined, subscribe: () => () => undefined, write: () => undefined };
const host: ThreeDHost = {
  locale: 'en',
  mode: 'preview',
  hasPermission: () => true,
  media: { baseUrl: '/', headers: () => ({}), allowedFormats: [] },
  variables: noVariables,
  supportsLayoutInheritance: true,
  userCode: { trusted: true },
};

const config = SpaceConfigSchema.parse(SCENES.light!.config);
const groups = Array.from({ length: count }, (_, i) => {
  const a = (i / Math.max(1, count)) * Math.PI * 2;
  return GroupConfigSchema.parse({
    layoutWidth: 160,
    layoutHeight: 70,
    isSprite: i % 2 === 0,
    meshConfig: {
      position: { x: Math.cos(a) * 260, y: 60 + (i % 3) * 40, z: Math.sin(a) * 260 },
      rotation: { x: 0, y: (-a * 180) / Math.PI, z: 0 },
    },
  });
});

/** A live host widget: a reading that changes 10 times a second. */
function Reading({ seed }: { seed: number }) {
  const [v, setV] = useState(seed);
  useEffect(() => {
    const t = setInterval(() => setV((x) => (x * 9301 + 49297) % 233280), 100);
    return () => clearInterval(t);
  }, []);
  return (
    <div style={{ width: '100%', height: '100%', background: 'rgba(20,30,60,0.85)', color: '#9cf', font: '14px sans-serif', padding: 8 }}>
      <div>Pump {seed}</div>
      <div style={{ fontSize: 22 }}>{((v / 233280) * 100).toFixed(1)} °C</div>
    </div>
  );
}

async function whenReady() {
  const root = () => document.querySelector<HTMLElement>('.dash3d-space');
  const until = performance.now() + 90_000;
  while (root()?.dataset.state !== 'ready' || !ref.current?.mode) {
    if (root()?.dataset.state === 'error') throw new Error('the space failed to start');
    if (performance.now() > until) throw new Error('timed out waiting for the space to be ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  await ref.current.settled();
  return { mode: ref.current.mode, groups: count };
}

const el = document.getElementById('bench')!;
Object.assign(el.style, { width: `${VIEW.width}px`, height: `${VIEW.height}px` });
createRoot(el).render(
  <SpaceWidget
    id="space"
    config={config}
    host={host}
    ref={ref}
    onWidgetEvent={(name, payload) => {
      if (name === 'error') errors.push(JSON.stringify(payload));
    }}
  >
    {groups.map((g, i) => (
      <GroupWidget key={i} id={`g${i}`} config={g} host={host}>
        <Reading seed={i + 1} />
      </GroupWidget>
    ))}
  </SpaceWidget>,
);

window.__benchGroups = {
  ready: whenReady(),
  stats: (w) => (ref.current ? ref.current.stats(w) : Promise.reject(new Error('the space is not running'))),
  shown: () => [...document.querySelectorAll<HTMLElement>('.dash3d-group')].filter((g) => g.style.visibility === 'visible').length,
  problems: () => [...errors, ...(ref.current?.restarts ? [`${ref.current.restarts} restart(s)`] : [])],
};
