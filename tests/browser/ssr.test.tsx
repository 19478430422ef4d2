import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { createRef, StrictMode, type ComponentType, type ReactNode, type Ref } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  BUILT_IN_ENVIRONMENT,
  createThreeDPlugin,
  MaterialEditor,
  type MaterialPreviewHandle,
  type ThreeDHost,
  type ThreeDSpaceHandle,
  type WidgetDescriptor,
  type WidgetViewProps,
} from '../../src/index';
import { waitFor } from './support/harness';
import { fixtureSource } from './support/fixtures';
import { fakeHost, memoryVariables } from './widgets/support';

/*
 * A host page the server rendered (issue 31: Next.js prerenders 'use client' pages too), hydrated
 * here as the page that loads it would: the client's first render must be the server's HTML (no
 * mismatch, nothing rendered again from scratch), and the space must then start its worker and draw
 * as a page rendered in the browser alone does. tests/unit/ssr.test.ts renders it with no DOM at all.
 */

const roots: Root[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) r.unmount();
  document.body.replaceChildren();
});

/** Same origin, named by a relative URL: what only the page's address can judge (ThreeDSpace's image rule). */
const LOGO = new URL(BUILT_IN_ENVIRONMENT).pathname;

function page(host: ThreeDHost, spaceRef: (h: ThreeDSpaceHandle | null) => void, events: string[]) {
  const { widgets } = createThreeDPlugin(host);
  const find = (type: string): WidgetDescriptor => widgets.find((w) => w.type === type)!;
  const [Space, Model, Card] = [find('threeD-space'), find('threeD-model'), find('threeD-card')];
  // The space's view takes a ref to its scene's handle (SpaceWidget), which the descriptor's type leaves out.
  const SpaceView = Space.View as ComponentType<WidgetViewProps<unknown> & { ref?: Ref<ThreeDSpaceHandle> }>;
  const space = { ...(Space.defaults() as object), loadingConfig: { img: LOGO, width: 40, height: 40 } };
  const card = Card.defaults() as { dataConfig: object };
  const cardConfig = { ...card, dataConfig: { ...card.dataConfig, dataList: [{ label: 'Temperature', value: '{{temperature}}' }] } };
  return (
    <StrictMode>
      <main style={{ width: 480, height: 320 }}>
        <SpaceView id="space-1" config={space} host={host} ref={spaceRef}>
          <Model.View
            id="model-1"
            config={{ src: fixtureSource('gltf/Flamingo.glb') }}
            host={host}
            onWidgetEvent={(name) => void events.push(name)}
          />
          <Card.View id="card-1" config={cardConfig} host={host} />
        </SpaceView>
      </main>
    </StrictMode>
  );
}

/** The server's HTML for `element`, in the page, and the root hydrating it; errors React recovered from are kept. */
function serverRendered(element: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  const recoverable: unknown[] = [];
  const hydrate = () => roots.push(hydrateRoot(container, element, { onRecoverableError: (err) => void recoverable.push(err) }));
  return { container, recoverable, hydrate };
}

describe('a server-rendered host page, hydrated', () => {
  let logged: unknown[][];
  beforeEach(() => {
    logged = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  });
  afterEach(() => vi.restoreAllMocks());

  it('hydrates without a mismatch, then starts its worker, loads the model and draws', async () => {
    const host = fakeHost({ mode: 'preview', variables: memoryVariables({ temperature: 21.5 }) });
    const events: string[] = [];
    let handle: ThreeDSpaceHandle | null = null;
    const element = page(host, (h) => void (handle = h), events);

    const { container, recoverable, hydrate } = serverRendered(element);
    expect(logged).toEqual([]);
    const serverRoot = container.querySelector<HTMLElement>('.dash3d-space')!;
    expect(serverRoot.dataset.state).toBe('loading');
    // Before the page's address is known, a relative image waits rather than being judged.
    expect(serverRoot.querySelector('.dash3d-loading img')).toBeNull();

    // Whether the loading screen's image arrives once the page is known (before the scene is ready).
    let logoShown = false;
    const watch = new MutationObserver(() => {
      const img = container.querySelector<HTMLImageElement>('.dash3d-loading img');
      if (img?.getAttribute('src') === LOGO) logoShown = true;
    });
    watch.observe(container, { childList: true, subtree: true });

    hydrate();
    const root = await waitFor(() => container.querySelector<HTMLElement>('.dash3d-space[data-state="ready"]'), 'the space to be ready');
    watch.disconnect();
    // The server's elements were kept (hydrated), not replaced by a client render.
    expect(root).toBe(serverRoot);
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
    expect(logoShown).toBe(true);

    await waitFor(() => events.includes('loaded'), 'the model to load');
    await waitFor(
      () => container.querySelector('[data-card-id="card-1"]')?.textContent === 'Temperature: 21.5',
      "the card's text in its mirror",
    );
    const h = handle as ThreeDSpaceHandle | null;
    expect(h?.mode).toBe('worker');
    await h!.settled();
    const pixels = await h!.readPixels();
    // Drawn: the default ground, sky and the model are not one flat colour.
    const first = pixels.data.slice(0, 4).join();
    let other = false;
    for (let i = 0; i < pixels.data.length && !other; i += 4) other = pixels.data.slice(i, i + 4).join() !== first;
    expect(other).toBe(true);
    expect(logged).toEqual([]);
  });

  it('the material editor too: hydrated, its preview draws and its library lists', async () => {
    const { baseUrl, token } = await commands.mediaServer();
    const host = fakeHost({ media: { baseUrl, headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] } });
    const preview = createRef<MaterialPreviewHandle>();
    const element = (
      <StrictMode>
        <div style={{ width: 1200, height: 720 }}>
          <MaterialEditor host={host} previewRef={preview} />
        </div>
      </StrictMode>
    );
    const { container, recoverable, hydrate } = serverRendered(element);
    const serverPreview = container.querySelector<HTMLElement>('.dash3d-material-preview')!;
    expect(serverPreview.dataset.state).toBe('loading');
    hydrate();
    await waitFor(() => serverPreview.dataset.state === 'ready' && preview.current?.mode, 'the preview to be ready');
    expect(serverPreview.isConnected).toBe(true);
    await waitFor(() => container.querySelector('[role="option"][data-path]'), 'the library to list its materials');
    expect(recoverable).toEqual([]);
    expect(logged).toEqual([]);
  });
});
