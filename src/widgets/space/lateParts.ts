import { lazyViewPart } from '../lazySettings';

/*
 * The parts of a space that a viewer's page need not carry before its first frame (issue 41
 * point 4: the Next.js Turbopack viewer page's 200 kB): each is a chunk of its own, asked for when
 * first shown; the description, the keys' help and the snapshot bar once the space has drawn
 * (useAfterFirstFrame).
 */

/** What the space holds, in words (SceneDescriber.ts). */
export const SceneDescriber = lazyViewPart('scene-description', () => import('./SceneDescriber').then((m) => m.SceneDescriber));

/** The keys' help and the focus ring (KeyHelp.tsx). */
export const KeyHelp = lazyViewPart('key-help', () => import('./KeyHelp').then((m) => m.KeyHelp));

/** The bar of camera snapshots (SnapshotBar.tsx), once the space has drawn. */
export const SnapshotBar = lazyViewPart('snapshot-bar', () => import('./SnapshotBar').then((m) => m.SnapshotBar));

/** The notice of code held back for consent (ConsentNotice.tsx): only a document with code shows it. */
export const ConsentNotice = lazyViewPart('consent-notice', () => import('./ConsentNotice').then((m) => m.ConsentNotice));

/** The layer over the scene while "Pick in scene" waits for a click (PickLayer.tsx). */
export const PickLayer = lazyViewPart('pick-layer', () => import('./PickLayer').then((m) => m.PickLayer));
