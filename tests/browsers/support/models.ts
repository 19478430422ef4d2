import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { MODEL_WIDGET, SPACE_WIDGET } from '../../../shared/schema/dashboard';
import { FIXTURES, TOKEN } from '../../e2e/support/server';

/** One model of each format the product loads, from the team's fixtures (../shared/fixtures/README.md). */
export const FORMATS = [
  { id: 'draco-glb', what: 'glb with Draco', files: ['gltf/gears.glb'] },
  { id: 'ktx2-meshopt-glb', what: 'glb with KTX2 textures and meshopt', files: ['gltf/facecap.glb'] },
  { id: 'gltf-folder', what: 'glTF with its .bin and five JPEG textures', files: ['gltf/DamagedHelmet/'] },
  { id: 'obj-mtl', what: 'OBJ with its MTL', files: ['obj/WaltHead.obj', 'obj/WaltHead.mtl'] },
  { id: 'fbx', what: 'FBX with morph targets', files: ['fbx/morph_test.fbx'] },
  { id: 'pcd', what: 'PCD point cloud (binary_compressed, rgb)', files: ['pcd/pcl_logo.pcd'] },
] as const;

export interface Uploaded {
  name: string;
  url: string;
}

/**
 * Uploads fixture files, read in place, into a catalog of the playground's media library through
 * its API (as the model panel's upload does), so every browser loads the same stored files. A
 * folder stands for all its files. Answers them in the order given, the model file first.
 */
export async function uploadFixtures(base: string, catalog: string, paths: readonly string[]): Promise<Uploaded[]> {
  const files: string[] = [];
  for (const p of paths) {
    if (!p.endsWith('/')) files.push(join(FIXTURES, p));
    // A glTF folder: its .gltf first, so it is the model file.
    else
      files.push(
        ...(await readdir(join(FIXTURES, p)))
          .sort((a, b) => Number(b.endsWith('.gltf')) - Number(a.endsWith('.gltf')))
          .map((n) => join(FIXTURES, p, n)),
      );
  }
  const out: Uploaded[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append('file', new Blob([await readFile(file)]), basename(file));
    const res = await fetch(`${base}/core/mediaLibrary/upload?catalog=${encodeURIComponent(catalog)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    if (!res.ok) throw new Error(`uploading ${file}: ${res.status} ${await res.text()}`);
    out.push({ name: basename(file), url: ((await res.json()) as { url: string }).url });
  }
  return out;
}

export const MODEL_SPACE = 'space-models';

/**
 * A dashboard of one 3D space on black, no ground, no environment map (nothing there to load but
 * the model), holding the given model files fitted to the view (adaptive), or nothing.
 */
export function modelDoc(id: string, files: readonly Uploaded[]) {
  return {
    id: `browsers-${id}`,
    name: `Browsers: ${id}`,
    widgets: [
      {
        id: MODEL_SPACE,
        type: SPACE_WIDGET,
        layout: { x: 0, y: 0, w: 1000, h: 600 },
        config: { sceneConfig: { background: '#000000', ground: { enable: false } }, environmentConfig: { enable: false } },
        children: files.length
          ? [
              {
                id: `model-${id}`,
                type: MODEL_WIDGET,
                // Its frame kept clear of the middle of the scene, where the model is drawn.
                layout: { x: 20, y: 480, w: 200, h: 100 },
                config: {
                  src: { filePath: files[0]!.url, fileList: files.map((f, i) => ({ uid: `${id}-${i}`, name: f.name, url: f.url })) },
                },
                children: [],
              },
            ]
          : [],
      },
    ],
  };
}
