declare const __DASH3D_FIXTURES__: string;

/** URL of a file of ../shared/fixtures (read in place through Vite's /@fs/), e.g. 'gltf/Flamingo.glb'. */
export function fixtureUrl(rel: string): string {
  return `/@fs${__DASH3D_FIXTURES__}/${rel}`;
}

/** A model source (spec §3 src) for fixture files: the first is the main file unless the list says otherwise. */
export function fixtureSource(...rels: string[]) {
  const fileList = rels.map((rel, i) => ({ uid: `f${i}`, name: rel.split('/').pop()!, url: fixtureUrl(rel) }));
  return { filePath: fileList[0]!.url, fileList };
}
