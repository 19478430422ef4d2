import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import {
  createThreeDPlugin,
  MaterialEditor,
  MaterialEditorModal,
  ThreeDSpace,
  type ThreeDHost,
  type VariableSource,
} from '../../src/index';

/*
 * A host page rendered on a server (issue 31: a Next.js App Router page with 'use client' is still
 * prerendered). Node has no window, document or worker: the package's main-thread code must not
 * reach for them while it renders, and every external store needs a server snapshot, or React
 * gives up on the page ("Missing getServerSnapshot"). What the server sends is what a user sees
 * until the page hydrates and the worker starts: the space's root in its loading state, with its
 * loading screen. Hydrating that HTML in a browser: tests/browser/ssr.test.tsx.
 */

function variables(initial: Record<string, unknown>): VariableSource {
  const values = new Map(Object.entries(initial));
  return {
    names: () => [...values.keys()],
    read: (name) => values.get(name),
    subscribe: () => () => undefined,
    write: (name, value) => void values.set(name, value),
  };
}

const makeHost = (over: Partial<ThreeDHost> = {}): ThreeDHost => ({
  locale: 'en',
  mode: 'preview',
  hasPermission: (p) => p === 'threeD',
  media: { baseUrl: '/', headers: () => ({}), allowedFormats: [] },
  variables: variables({ temperature: 21.5 }),
  supportsLayoutInheritance: false,
  ...over,
});

const widgetsOf = (host: ThreeDHost) => {
  const { widgets } = createThreeDPlugin(host);
  const find = (type: string) => widgets.find((w) => w.type === type);
  return { Space: find('threeD-space')!, Model: find('threeD-model')!, Card: find('threeD-card')!, Group: find('threeD-group') };
};

/**
 * The README's host page ("Use it in your editor") with a data card bound to a variable and the
 * material editor's modal, as tests/consumers/host/App.jsx has them; a group where the host has one.
 */
function hostPage(host: ThreeDHost): ReactElement {
  const { Space, Model, Card, Group } = widgetsOf(host);
  const model = { src: { filePath: '/media/3d/plant/plant.glb', fileList: [] } };
  const card = Card.defaults() as { dataConfig: Record<string, unknown> };
  const cardConfig = { ...card, dataConfig: { ...card.dataConfig, dataList: [{ label: 'Temperature', value: '{{temperature}}' }] } };
  return h(
    'main',
    null,
    h(
      'div',
      { style: { width: 1000, height: 600 } },
      h(
        Space.View,
        { id: 'space-1', config: Space.defaults(), host },
        h(Model.View, { id: 'model-1', config: model, host }),
        h(Card.View, { id: 'card-1', config: cardConfig, host }),
        Group ? h(Group.View, { id: 'group-1', config: Group.defaults(), host }, h('button', null, 'Start pump')) : null,
      ),
    ),
    h(MaterialEditorModal, { host, open: false, onClose: () => undefined }),
  );
}

/** Each widget's settings panel, as an editor shows them beside the canvas (loaded lazily: prerender waits). */
function settingsPage(host: ThreeDHost): ReactElement {
  const { widgets } = createThreeDPlugin(host);
  return h(
    'aside',
    null,
    widgets.map((w) => h(w.Settings, { key: w.type, id: `${w.type}-1`, config: w.defaults(), host, onChange: () => undefined })),
  );
}

/** Prerendered as a framework's server does it (Next.js: react-dom/static), every lazy part awaited. */
async function prerendered(page: ReactElement): Promise<{ html: string; failures: unknown[] }> {
  const failures: unknown[] = [];
  const { prelude } = await prerender(page, { onError: (err) => void failures.push(err) });
  return { html: await new Response(prelude).text(), failures };
}

describe('server rendering (no DOM, no worker)', () => {
  /** What React (a hydration mismatch to come, a missing server snapshot) or the package logged. */
  let errors: unknown[][];
  beforeEach(() => {
    errors = [];
    for (const level of ['error', 'warn'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void errors.push([level, ...args]));
  });
  afterEach(() => vi.restoreAllMocks());

  it('runs where there is no DOM', () => {
    expect('document' in globalThis).toBe(false);
    expect('window' in globalThis).toBe(false);
  });

  it('the host page of the README renders: the space in its loading state, nothing logged', () => {
    const html = renderToString(hostPage(makeHost()));
    expect(errors).toEqual([]);
    expect(html).toContain('class="dash3d-space-widget" data-widget-id="space-1"');
    expect(html).toMatch(/class="dash3d-space"[^>]*data-state="loading"[^>]*aria-busy="true"/);
    expect(html).toMatch(/class="dash3d-loading"[^]*role="progressbar"[^]*Loading/);
    // The card's accessible stand-in, empty until the page's card store writes its text.
    expect(html).toContain('class="dash3d-card-mirror" data-card-id="card-1"');
  });

  it('the same page prerendered, in edit mode with a component group', async () => {
    const { html, failures } = await prerendered(hostPage(makeHost({ mode: 'edit', supportsLayoutInheritance: true })));
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).toMatch(/class="dash3d-space"[^>]*data-state="loading"/);
  });

  it('the widgets’ settings panels', async () => {
    const { html, failures } = await prerendered(settingsPage(makeHost({ mode: 'edit', supportsLayoutInheritance: true })));
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    // The panels themselves (after their loading lines, which the browser swaps for them).
    const forms = [...html.matchAll(/<form id="([a-z]+-settings-threeD-[a-z]+-1)"/g)].map((m) => m[1]);
    expect(forms).toEqual(['space', 'model', 'card', 'group'].map((w) => `${w}-settings-threeD-${w}-1`));
  });

  it('a ThreeDSpace alone, with no origins given, and one whose loading screen names an image', () => {
    const config = { loadingConfig: { img: '/media/logo.png' } };
    const html = renderToString(h('div', null, h(ThreeDSpace, { config: {} }), h(ThreeDSpace, { config })));
    expect(errors).toEqual([]);
    expect(html.match(/data-state="loading"/g)).toHaveLength(2);
  });

  it('the material editor, whole, with the package files served by the host', async () => {
    const host = makeHost({ files: { assetBase: '/vendor/dash3d/assets/' } });
    const { html, failures } = await prerendered(h(MaterialEditor, { host }));
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    expect(html).toMatch(/class="dash3d-material-preview"[^>]*data-state="loading"/);
  });
});
