import { lazyPart } from '../lazySettings';

/*
 * The parts of a space that a viewer's page need not carry before its first frame (issue 41
 * point 4: the Next.js Turbopack viewer page's 200 kB): each is a chunk of its own, asked for when
 * first shown; the description, the keys' help and the snapshot bar once the space has drawn
 * (useAfterFirstFrame).
 */

/** What the space holds, in words (SceneDescriber.ts). */
export const SceneDescriber = lazyPart(
  'scene-description',
  () => import('./SceneDescriber').then((m) => m.SceneDescriber),
  (p) => p.locale,
  () => null,
);

/** The keys' help and the focus ring (KeyHelp.tsx). */
export const KeyHelp = lazyPart(
  'key-help',
  () => import('./KeyHelp').then((m) => m.KeyHelp),
  (p) => p.locale,
  () => null,
);

/** The bar of camera snapshots (SnapshotBar.tsx), once the space has drawn. */
export const SnapshotBar = lazyPart(
  'snapshot-bar',
  () => import('./SnapshotBar').then((m) => m.SnapshotBar),
  (p) => p.locale,
  () => null,
);

/** The notice of code held back for consent (ConsentNotice.tsx): only a document with code shows it. */
export const ConsentNotice = lazyPart(
  'consent-notice',
  () => import('./ConsentNotice').then((m) => m.ConsentNotice),
  (p) => p.locale,
  () => null,
);

/** The layer over the scene while "Pick in scene" waits for a click (PickLayer.tsx). */
export const PickLayer = lazyPart(
  'pick-layer',
  () => import('./PickLayer').then((m) => m.PickLayer),
  (p) => p.locale,
  () => null,
);
