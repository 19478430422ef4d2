/**
 * The preview's built-in environment image (spec §2: "a default, or the one on the material"): a
 * plain studio gradient made by scripts/make-preview-env.mjs. Bundled as an asset, so it is served
 * from the page's own origin, which the engine may always load from.
 */
export const BUILT_IN_ENVIRONMENT: string = new URL('./preview-env.png', import.meta.url).href;
