import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { dropFailedTextures } from '../images';
import type { LoadJob } from '../job';
import type { Parsed } from '../../types';

/**
 * fbx, binary or ASCII. Embedded textures become blob URLs that our image loader decodes; textures
 * beside the file come from the model's files by name (a path written on Windows included).
 */
export async function parseFbx(bytes: ArrayBuffer, job: LoadJob): Promise<Parsed> {
  const { manager, images } = job.manager(true, true);
  const loader = new FBXLoader(manager);
  const { width, height } = job.env.viewport;
  const object = withWindow(width || 1, height || 1, () => loader.parse(bytes, ''));
  await images.settled();
  dropFailedTextures(object, images.failed);
  return { kind: 'mesh', object, animations: object.animations ?? [] };
}

/**
 * FBXLoader sizes the cameras a file holds from `window.innerWidth/innerHeight`, and a worker has
 * no `window`. The parse is synchronous, so a stand-in exists only while it runs: left in place,
 * other code could take its presence for a DOM (`typeof window !== 'undefined'`). On the main
 * thread (the fallback engine) the real window is used.
 */
function withWindow<T>(width: number, height: number, parse: () => T): T {
  const g = globalThis as { window?: unknown };
  if (g.window !== undefined) return parse();
  g.window = { innerWidth: width, innerHeight: height };
  try {
    return parse();
  } finally {
    delete g.window;
  }
}
