import type { PackageFiles } from '../host/types';
import { PREVIEW_ENVIRONMENT_FILE } from '../../shared/package-files';

/**
 * The preview's built-in environment image (spec §2: "a default, or the one on the material"): a
 * plain studio gradient made by scripts/make-preview-env.mjs. Bundled as an asset: served from the
 * page's own origin (a build may inline a file this small as a data: URL, which is no request at
 * all); the engine may load either without the host allowing anything. The package ships it as
 * dist/assets/preview-env.png.
 */
export const BUILT_IN_ENVIRONMENT: string = new URL('./preview-env.png', import.meta.url).href;

/** The built-in environment image where the host serves the package's assets, else the bundled one. */
export function builtInEnvironment(files: PackageFiles | undefined): string {
  return files?.assetBase ? new URL(PREVIEW_ENVIRONMENT_FILE, new URL(files.assetBase, document.baseURI)).href : BUILT_IN_ENVIRONMENT;
}
