import { StrictMode, useLayoutEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../src/widgets/space/ThreeDSpace';
import { SpaceWidget } from '../../src/widgets/space/SpaceWidget';
import { SpaceConfigSchema, type SpaceConfig } from '../../shared/schema/space';
import { colourDistance, EMPTY, hexToRgb, pixelAt, waitFor } from './support/harness';
import { fakeHost, mount, unmountWidgets } from './widgets/support';

afterEach(unmountWidgets);

type View = (config: SpaceConfig, ref: (handle: ThreeDSpaceHandle | null) => void) => ReactNode;

const host = fakeHost();
const VIEWS: [string, View][] = [
  ['ThreeDSpace', (config, ref) => <ThreeDSpace config={config} ref={ref} />],
  ['SpaceWidget (as the host places it)', (config, ref) => <SpaceWidget id="s1" config={config} host={host} ref={ref} />],
];

/** A host that keeps the space's handle in its state; `onCommit` hears each of its renders that took effect. */
function Host({ config, view, onCommit }: { config: SpaceConfig; view: View; onCommit(handle: ThreeDSpaceHandle | null): void }) {
  const [handle, setHandle] = useState<ThreeDSpaceHandle | null>(null);
  useLayoutEffect(() => {
    onCommit(handle);
  });
  return view(config, setHandle);
}

const nextFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const scene = (background: string) => SpaceConfigSchema.parse({ ...EMPTY, sceneConfig: { ...EMPTY.sceneConfig, background } });

/**
 * A regression: the handle a space gives its ref was rebuilt on every render, so a host that kept
 * it in React state (`ref={setHandle}`, as tests/consumers/host/App.jsx does) rendered again,
 * which rendered the space, which made a new handle... until React gave up. The handle is one
 * object per engine (ThreeDSpace reads its per-render state through useLatest).
 */
describe('a host that keeps the space handle in React state', () => {
  it.each(VIEWS)('%s: one handle, a few renders, and the space draws each config', async (_, view) => {
    const commits: (ThreeDSpaceHandle | null)[] = [];
    const app = mount(<></>, { width: 240, height: 150 });
    const show = (background: string) =>
      app.render(
        <StrictMode>
          <Host config={scene(background)} view={view} onCommit={(h) => void commits.push(h)} />
        </StrictMode>,
      );
    const space = () => app.container.querySelector<HTMLElement>('.dash3d-space')!;
    /** What the user sees in the middle of the canvas, read through the handle the host holds. */
    const drawn = async () => {
      await waitFor(() => space().dataset.state === 'ready' && commits.at(-1)?.mode, 'the space to draw');
      const handle = commits.at(-1)!;
      await handle.settled();
      return pixelAt(await handle.readPixels(), 0.5, 0.5);
    };

    show('#336699');
    // Mounting in StrictMode takes a few renders (its effects run twice before the handle arrives);
    // a loop takes React's 50 nested updates, after which React unmounts the page.
    await nextFrames();
    expect(commits.length, 'renders of the host while mounting').toBeLessThan(10);
    expect(colourDistance(await drawn(), [...hexToRgb('#336699'), 255])).toBeLessThanOrEqual(1);
    const first = commits.at(-1)!;
    const atFirstFrame = commits.length;
    expect(atFirstFrame, 'renders of the host until the first frame').toBeLessThan(10);

    // Left alone, the host does not render again.
    await new Promise((r) => setTimeout(r, 500));
    expect(commits.length).toBe(atFirstFrame);

    for (const background of ['#993366', '#669933']) {
      show(background);
      await nextFrames();
      expect(colourDistance(await drawn(), [...hexToRgb(background), 255])).toBeLessThanOrEqual(1);
    }
    // One render per config (the host's own prop), and the host held the same handle throughout.
    expect(commits.length - atFirstFrame).toBe(2);
    expect(new Set(commits.slice(atFirstFrame - 1))).toEqual(new Set([first]));
  });
});
