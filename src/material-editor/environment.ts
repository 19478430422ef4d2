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

/**
 * The built-in environment image where the host serves the package's assets, else the bundled one.
 * `page` is the page's base URL; null on a server (and while hydrating), where a relative asset
 * base cannot be resolved: the bundled image stands in until the next render, before any engine starts.
 */
export function builtInEnvironment(files: PackageFiles | undefined, page: string | null): string {
  if (!files?.assetBase) return BUILT_IN_ENVIRONMENT;
  try {
    return new URL(PREVIEW_ENVIRONMENT_FILE, new URL(files.assetBase, page ?? undefined)).href;
  } catch (err) {
    if (page !== null) throw err;
    return BUILT_IN_ENVIRONMENT;
  }
}
