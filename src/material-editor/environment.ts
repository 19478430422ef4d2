/**
 * The preview's built-in environment image (spec §2: "a default, or the one on the material"): a
 * plain studio gradient made by scripts/make-preview-env.mjs. Bundled as an asset: served from the
 * page's own origin (a build may inline a file this small as a data: URL, which is no request at
 * all); the engine may load either without the host allowing anything.
 */
export const BUILT_IN_ENVIRONMENT: string = new URL('./preview-env.png', import.meta.url).href;
