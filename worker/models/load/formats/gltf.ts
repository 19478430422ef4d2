import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { acquireDecoders } from '../decoders';
import type { LoadJob } from '../job';
import type { Parsed } from '../../types';
import { checkGltf } from './gltf-check';
import { disposeObject } from '../../dispose';

/** An empty image: no browser decodes it, so GLTFLoader leaves that map out (and logs it). */
const UNDECODABLE = 'data:image/png;base64,';

/**
 * glb and gltf: a .gltf's .bin and images come from the model's files by name (the job's
 * manager). Draco, meshopt and KTX2 decoders come from our build. GLTFLoader already decodes
 * images with ImageBitmapLoader where it can; images given by URI go through our loader, which
 * reports a missing one with its reason. Either way a missing image leaves that map empty.
 */
export async function parseGltf(bytes: ArrayBuffer, job: LoadJob): Promise<Parsed> {
  const cut = checkGltf(bytes, job);
  const { manager, images } = job.manager(false, false);
  // A cut data: image (told to the scene already) is not decoded at all: the model shows without
  // it in every browser, as Chromium, which refuses to decode it, would anyway (gltf-check.ts).
  if (cut.size) manager.setURLModifier((url) => (cut.has(url) ? UNDECODABLE : job.resolve(url)));
  const decoders = await acquireDecoders(job.env.ktx2, {
    resolve: job.resolve,
    warn: (message) => job.warn(`${job.main.name}: ${message}`),
  });
  // GLTFLoader cannot be cancelled; its decoders can (in a parse worker, cancelling terminates the
  // whole worker instead; this is for the main-thread fallback).
  const stop = () => decoders.stop();
  job.env.signal.addEventListener('abort', stop, { once: true });
  try {
    const loader = new GLTFLoader(manager).setDRACOLoader(decoders.draco).setKTX2Loader(decoders.ktx2).setMeshoptDecoder(decoders.meshopt);
    // Path '' : references stay bare names for the manager to find in the file list.
    const gltf = await loader.parseAsync(bytes, '');
    await images.settled();
    const object = gltf.scene ?? gltf.scenes?.[0];
    // GLTFLoader shows a model whose texture failed without it; a KTX2 transcoder that did not
    // arrive is our build's fault, not the file's, and fails the load as spec §8 says (with a Retry).
    const missing = decoders.missingPart();
    if (missing) {
      if (object) disposeObject(object);
      throw missing;
    }
    if (!object) throw new Error('it holds no scene to show');
    return { kind: 'mesh', object, animations: gltf.animations ?? [] };
  } finally {
    job.env.signal.removeEventListener('abort', stop);
    decoders.release();
  }
}
