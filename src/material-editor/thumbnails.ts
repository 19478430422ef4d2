import { connect, type RenderHandle } from '../bridge/connection';
import { canRenderInWorker } from '../bridge/capability';
import { MaterialSchema, type Material } from '../../shared/schema/material';
import { ModelLimitsSchema } from '../../shared/schema/limits';
import { previewSpaceConfig } from '../../shared/schema/preview';
import { builtInEnvironment } from './environment';
import type { PackageFiles } from '../host/types';
import { sha256Hex } from '../host/hash';

export interface ThumbnailOptions {
  /** Edge of the square JPEG, in pixels (default 128, as the library's cut.jpg). */
  size?: number;
  /** JPEG quality 0..1 (default 0.85). */
  quality?: number;
}

export interface ThumbnailRendererOptions {
  /** Whether materials' shaderCode and frameScript may run (the designer's own library: yes; default no). */
  scriptsAllowed?: boolean;
  /** Origins textures may load from; default the page's own. */
  allowedOrigins?: readonly string[];
  /** Draw on the main thread even where a worker could (benchmark baseline). */
  forceMainThread?: boolean;
  /** Where the package's render worker and assets are served from (ThreeDHost.files); absent: where the bundler put them. */
  files?: PackageFiles;
}

export type ThumbnailRenderer = ReturnType<typeof createThumbnailRenderer>;

/**
 * Thumbnails of many materials (a library grid, a host's own list) from ONE hidden preview engine
 * in a render worker: each material is put on the preview's sphere and copied out as a JPEG, one
 * after the other, so the page holds one WebGL context however long the list, and its main thread
 * only posts messages and receives bytes. Results are cached by a hash of the parsed material and
 * the size, so an unchanged material is never rendered twice (an edited one is a new key).
 * The engine starts on the first request and stops after `idleMs` without one.
 */
export function createThumbnailRenderer(opts: ThumbnailRendererOptions = {}, idleMs = 10_000) {
  const cache = new Map<string, Promise<Blob>>();
  let engine: Promise<RenderHandle> | null = null;
  let host: HTMLDivElement | null = null;
  let abort: AbortController | null = null;
  // One material on the sphere at a time: renders are chained.
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let idle: ReturnType<typeof setTimeout> | null = null;
  let rendered = 0;

  function stop() {
    abort?.abort();
    abort = null;
    engine = null;
    host?.remove();
    host = null;
  }

  function start(): Promise<RenderHandle> {
    if (engine) return engine;
    // Out of sight but laid out: the engine sizes its canvas from the element.
    host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    Object.assign(host.style, { position: 'fixed', left: '-10000px', top: '0', width: '16px', height: '16px', pointerEvents: 'none' });
    document.body.appendChild(host);
    abort = new AbortController();
    const signal = abort.signal;
    const el = host;
    engine = (opts.forceMainThread ? Promise.resolve(false) : canRenderInWorker(opts.files)).then((inWorker) =>
      connect({
        host: el,
        mode: inWorker ? 'worker' : 'main',
        size: { width: 16, height: 16, pixelRatio: 1 },
        config: previewSpaceConfig({ envMap: builtInEnvironment(opts.files, document.baseURI) }),
        models: {},
        scriptsEnabled: opts.scriptsAllowed ?? false,
        allowedOrigins: opts.allowedOrigins ?? [new URL(document.baseURI).origin],
        limits: ModelLimitsSchema.parse({}),
        onEvent: () => undefined,
        // A crashed or hung engine is dropped; the next request starts a fresh one.
        onCrash: () => stop(),
        signal,
        wantsPointerLock: () => false,
        chunks: opts.files,
      }),
    );
    engine.catch(() => stop());
    return engine;
  }

  async function render(material: Material, size: number, quality: number): Promise<Blob> {
    const handle = await start();
    const result = await handle.setPreviewMaterial(material);
    if (!result.ok) throw new Error(result.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    if (!result.shown) throw new Error('the material shows nothing (a shader material without shader code?)');
    // The background image (which also lights the ball) and the material's textures have loaded.
    await handle.settled();
    const bytes = await handle.previewThumbnail(size, size, quality);
    rendered++;
    return new Blob([bytes], { type: 'image/jpeg' });
  }

  function schedule<T>(job: () => Promise<T>): Promise<T> {
    if (idle) clearTimeout(idle);
    pending++;
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    void queue.then(() => {
      if (--pending === 0) idle = setTimeout(stop, idleMs);
    });
    return run;
  }

  return {
    /** The material (any stored form) on the preview sphere as a square JPEG; cached by content. */
    async thumbnail(input: unknown, { size = 128, quality = 0.85 }: ThumbnailOptions = {}): Promise<Blob> {
      // A list asks for all its thumbnails in one task (one commit of its effects): each material
      // is parsed in a task of its own, so a long list never makes one long main-thread task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const material = MaterialSchema.parse(input);
      const key = `${size}:${quality}:${await materialHash(material)}`;
      let blob = cache.get(key);
      if (!blob) {
        blob = schedule(() => render(material, size, quality));
        cache.set(key, blob);
        // A failure is not remembered: the next request tries again (an image may load then).
        blob.catch(() => cache.delete(key));
      }
      return blob;
    },
    /** How many thumbnails the engine drew (the cache's hits drew none). */
    get rendered() {
      return rendered;
    },
    dispose() {
      if (idle) clearTimeout(idle);
      stop();
      cache.clear();
    },
  };
}

/**
 * A content key for a parsed material: SHA-256 of its JSON with keys sorted (two files with the
 * same fields in another order are the same material). The uuid is left out: a duplicate looks
 * exactly like its original.
 */
export async function materialHash(material: Material): Promise<string> {
  const text = stableJson({ ...material, uuid: undefined });
  // Not a secure context (no crypto.subtle): the text itself is the key.
  return (await sha256Hex(text)) ?? text;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
