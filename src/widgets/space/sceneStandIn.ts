import { createElement, type ComponentType } from 'react';
import { ThreeDSpace } from './ThreeDSpace';

/**
 * Tests only: the component a space widget draws its scene with. The widget tests about what a
 * space hands its scene (the card feed, the card theme) set a stand-in here that records its props,
 * instead of mocking the module: in Vitest's browser mode a module mock intercepts the page's
 * requests through Playwright, and a CI run hung while a file that did so was loading
 * (docs/testing.md). The package build sets __DASH3D_TEST_HOOKS__ false: there it is ThreeDSpace.
 */
let standIn: typeof ThreeDSpace | null = null;

export function setSceneStandIn(component: ComponentType<Parameters<typeof ThreeDSpace>[0]> | null): void {
  standIn = component as typeof ThreeDSpace | null;
}

/** What a space widget renders for its scene: ThreeDSpace, or the stand-in a test set. */
export function SceneView(props: Parameters<typeof ThreeDSpace>[0]) {
  return createElement(__DASH3D_TEST_HOOKS__ && standIn ? standIn : ThreeDSpace, props);
}
