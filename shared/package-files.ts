/**
 * Names of the package's files that both threads know: where a host serves a copy of the
 * package's assets (PackageFiles.assetBase), the main thread names them and the render worker
 * allows exactly these under that base (worker/engine/chunk-settings.ts).
 */
export const PREVIEW_ENVIRONMENT_FILE = 'preview-env.png';
