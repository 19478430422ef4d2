import type { Material, Object3D, Texture } from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { reasonOf } from '../../../util/images';
import { missingName } from '../files';
import { dropFailedTextures } from '../images';
import { disposeTexture, texturesOf } from '../../../util/textures';
import { refusedMessage, type LoadJob } from '../job';
import type { Parsed } from '../../types';
import { refusedUri } from '../../../engine/urls';
import { materialsOf } from '../../../util/materials';

type Creator = MTLLoader.MaterialCreator;

/** `mtllib` lines name the material libraries; like OBJLoader, the rest of the line is one name. */
const MTLLIB = /^[ \t]*mtllib[ \t]+(.+?)[ \t]*$/gm;

/**
 * obj with its .mtl files and their images. A library or image that is missing is a warning:
 * the parts then get OBJLoader's plain material, or their colour without the map.
 */
export async function parseObj(bytes: ArrayBuffer, job: LoadJob): Promise<Parsed> {
  const text = new TextDecoder().decode(bytes);
  if (!/^[ \t]*(v|f)[ \t]/m.test(text)) throw new Error('no vertices or faces found; is it an OBJ file?');
  const { manager, images } = job.manager(true, true);

  const creators: Creator[] = [];
  const names = [...new Set([...text.matchAll(MTLLIB)].flatMap((m) => m[1] ?? []))];
  for (const name of names) {
    const mtl = await fetchLibrary(name, job);
    if (mtl === null) continue;
    const creator = new MTLLoader(manager).parse(mtl, '');
    // The textures are requested while the materials are made: name this library in messages.
    images.referrer = name;
    creator.preload();
    creators.push(creator);
  }
  images.referrer = job.main.name;

  const loader = new OBJLoader(manager);
  if (creators.length) loader.setMaterials(merged(creators));
  const object = loader.parse(text);
  await images.settled();
  dropFailedTextures(object, images.failed);
  freeUnused(object, creators);
  return { kind: 'mesh', object, animations: [] };
}

/** The library's text, or null (with a warning) when it is missing or unreadable. */
async function fetchLibrary(name: string, job: LoadJob): Promise<string | null> {
  const url = job.resolve(name);
  const plain = 'its parts are shown with a plain material';
  if (missingName(url) !== null) {
    job.missing.delete(missingName(url)!); // a warning, not the reason for a failure
    job.warn(`${job.main.name}: material library ${name} is not among the model's files; ${plain}`);
    return null;
  }
  const refused = refusedUri(url);
  if (refused !== null) {
    job.warn(`${job.main.name}: material library ${refusedMessage(refused)}; ${plain}`);
    return null;
  }
  try {
    const res = await fetch(url, { signal: job.env.signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.text();
  } catch (err) {
    job.env.signal.throwIfAborted();
    job.warn(`${job.main.name}: material library ${name} could not be loaded (${reasonOf(err)}); ${plain}`);
    return null;
  }
}

/**
 * A library's preload makes every material it defines, used or not; the ones no part uses (and
 * their images) would never be freed with the model.
 */
function freeUnused(object: Object3D, creators: Creator[]) {
  const used = new Set<Material>();
  object.traverse((o) => {
    for (const x of materialsOf(o)) used.add(x);
  });
  const kept = new Set<Texture>([...used].flatMap(texturesOf));
  for (const c of creators) {
    for (const m of Object.values(c.materials)) {
      if (used.has(m)) continue;
      for (const t of texturesOf(m)) if (!kept.has(t)) disposeTexture(t);
      m.dispose();
    }
  }
}

/** OBJLoader takes one material creator and only calls `create(name)` on it. */
function merged(creators: Creator[]): Creator {
  const [first] = creators;
  if (first && creators.length === 1) return first;
  return {
    create: (name: string): Material | undefined => creators.find((c) => name in c.materialsInfo)?.create(name),
  } as unknown as Creator;
}
