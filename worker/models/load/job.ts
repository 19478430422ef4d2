import { LoadingManager } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import { baseName, companionResolver, missingName, type MainFile } from './files';
import { BitmapTextureLoader, IMAGE_RE } from './images';
import type { ParseEnv } from './env';
import { RefusedUrlError, refusedUri } from '../../engine/urls';
import { urlPath } from '../../../shared/paths';
import type { ModelNotice } from '../../../shared/model-notices';
import { errorText } from './problem';

/** One load of one model: its files, its options, the problems it lives with. */
export interface LoadJob {
  readonly main: MainFile;
  readonly env: ParseEnv;
  /** Companion name or URL -> URL from the file list (see files.ts companionResolver). */
  resolve(url: string): string;
  /** Companions the file referred to that are not among the model's files. */
  readonly missing: Set<string>;
  /** URIs the file named outside the allowed origins (engine/urls.ts): refused, never requested. */
  readonly refused: Set<string>;
  readonly warnings: string[];
  warn(message: string): void;
  /** Coded problems the model is shown with (decimated, damaged): the scene's corner shows them. */
  readonly notices: ModelNotice[];
  notify(notice: ModelNotice): void;
  /**
   * A LoadingManager for three's loaders: companions resolved by name, images decoded in the
   * worker. `flip`: see BitmapTextureLoader. `anyImage`: also take image types the browser may
   * not decode (.tga, .tif) rather than let three fall back to TextureLoader, which needs
   * `document` and would fail the whole model; they end as warnings.
   */
  manager(flip: boolean, anyImage: boolean): { manager: LoadingManager; images: BitmapTextureLoader };
}

export function createJob(src: ModelConfig['src'], main: MainFile, env: ParseEnv): LoadJob {
  const byName = companionResolver(src, main);
  const missing = new Set<string>();
  const refused = new Set<string>();
  const warnings: string[] = [];
  const notices: ModelNotice[] = [];
  const notify = (n: ModelNotice) => {
    if (!notices.some((x) => x.code === n.code && JSON.stringify(x.params) === JSON.stringify(n.params))) notices.push(n);
  };
  const warn = (message: string) => {
    // Two materials sharing one missing image would otherwise say it twice.
    if (!warnings.includes(message)) warnings.push(message);
  };
  const resolve = (url: string) => {
    const out = byName(url);
    const name = missingName(out);
    if (name !== null) missing.add(name);
    const uri = refusedUri(out);
    if (uri !== null) refused.add(uri);
    return out;
  };
  return {
    main,
    env,
    resolve,
    missing,
    refused,
    warnings,
    warn,
    notices,
    notify,
    manager(flip, anyImage) {
      const manager = new LoadingManager();
      manager.setURLModifier(resolve);
      const images = new BitmapTextureLoader(manager, flip, { signal: env.signal, warn });
      images.referrer = main.name;
      manager.addHandler(IMAGE_RE, images);
      if (anyImage) manager.addHandler(/./, images);
      // Images three's own loaders fetched (glTF's embedded or data: images): say which failed.
      // Ours report themselves with the reason, and a failed .bin fails the whole load anyway.
      // An embedded image that does not decode is damaged data inside the file: the scene says so
      // (GLTFLoader itself only logs it and shows the model white).
      manager.onError = (url) => {
        const uri = refusedUri(url);
        if (uri !== null && !images.owns(url)) return warn(`${main.name}: ${refusedMessage(uri)}`);
        if (images.owns(url) || /\.bin$/i.test(urlPath(url))) return;
        if (/^(blob|data):/i.test(url)) notify({ code: 'model.embeddedMissing', params: { name: main.name } });
        else warn(`${main.name}: ${baseName(url)} could not be loaded`);
      };
      return { manager, images };
    },
  };
}

/** The same words as engine/urls.ts RefusedUrlError, for a URI a URL modifier mapped away. */
export function refusedMessage(uri: string): string {
  return new RefusedUrlError(uri).message;
}

/** The message a failed parse leaves with: the file's name and what is wrong, in plain words. */
export function describeFailure(job: LoadJob, err: unknown): string {
  const name = job.main.name;
  // A refused URI is the reason whatever else went wrong (the load failed because it was refused).
  const refused = [...job.refused].filter((u) => !IMAGE_RE.test(urlPath(u)));
  if (refused.length) return `${name}: ${refused.map(refusedMessage).join('; ')}`;
  // Missing images are warnings (the model shows without them): only other companions fail a load.
  const fatal = [...job.missing].filter((n) => !IMAGE_RE.test(n));
  if (fatal.length) return `${name}: ${fatal.join(', ')} ${fatal.length > 1 ? 'are' : 'is'} not among the model's files`;
  const status = (err as { response?: { status?: number; url?: string } } | null)?.response;
  if (status?.status) return `${name}: ${baseName(status.url ?? '') || 'a file it refers to'} could not be loaded (HTTP ${status.status})`;
  const reason = errorText(err);
  // The page, not the file: a decoder's WebAssembly (Draco, meshopt, Basis) that the Content
  // Security Policy refused to compile.
  if (/WebAssembly/.test(reason) && /Content Security Policy/i.test(reason)) {
    return `${name}: the page's Content Security Policy does not allow the decoders' WebAssembly (the render worker's script-src needs 'wasm-unsafe-eval'; docs/host-guide.md, Content Security Policy)`;
  }
  return `${name}: the file is damaged or truncated (${reason.replace(/^THREE\.\w+:\s*/, '')})`;
}
