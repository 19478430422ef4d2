import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ThreeDHost, VariableSource } from '../../../src/host/types';
import type { ThreeDSpaceProps } from '../../../src/widgets/space/ThreeDSpace';
import { setSceneStandIn } from '../../../src/widgets/space/SpaceWidget';

/** An in-memory variable source: `set` changes a value and tells its subscribers. */
export function memoryVariables(initial: Record<string, unknown> = {}): VariableSource & { set(name: string, v: unknown): void } {
  const values = new Map(Object.entries(initial));
  const subs = new Map<string, Set<(v: unknown) => void>>();
  const set = (name: string, v: unknown) => {
    values.set(name, v);
    for (const fn of subs.get(name) ?? []) fn(v);
  };
  return {
    names: () => [...values.keys()],
    read: (name) => values.get(name),
    subscribe(name, fn) {
      if (!subs.has(name)) subs.set(name, new Set());
      subs.get(name)!.add(fn);
      return () => subs.get(name)!.delete(fn);
    },
    write: set,
    set,
  };
}

export function fakeHost(over: Partial<ThreeDHost> = {}): ThreeDHost {
  return {
    locale: 'en',
    mode: 'edit',
    hasPermission: () => true,
    media: { baseUrl: '/', headers: () => ({ Authorization: 'Bearer test-token' }), allowedFormats: [] },
    variables: memoryVariables(),
    supportsLayoutInheritance: true,
    ...over,
  };
}

export interface Rendered {
  container: HTMLDivElement;
  render(node: ReactNode): void;
  unmount(): void;
}

const live = new Set<Rendered>();

/** Renders into a fresh sized box; `render` again to change props. */
export function mount(node: ReactNode, { width = 600, height = 400 } = {}): Rendered {
  const container = document.createElement('div');
  Object.assign(container.style, { width: `${width}px`, height: `${height}px`, position: 'relative' });
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const r: Rendered = {
    container,
    render: (n) => flushSync(() => root.render(n)),
    unmount() {
      flushSync(() => root.unmount());
      container.remove();
      live.delete(r);
    },
  };
  live.add(r);
  r.render(node);
  return r;
}

export function unmountWidgets() {
  for (const r of [...live]) r.unmount();
}

/**
 * A space widget's scene replaced, for this file's tests, by a stand-in that records the props it
 * is given (SpaceWidget's test hook; no module is mocked in browser tests: docs/testing.md).
 * `props` is emptied after each test.
 */
export function recordedScene(): { props: ThreeDSpaceProps[] } {
  const seen = { props: [] as ThreeDSpaceProps[] };
  beforeAll(() =>
    setSceneStandIn((props) => {
      seen.props.push(props);
      return <div className="dash3d-space" />;
    }),
  );
  afterEach(() => void (seen.props.length = 0));
  afterAll(() => setSceneStandIn(null));
  return seen;
}
