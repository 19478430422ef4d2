import type {
  BufferAttribute,
  BufferGeometry,
  Camera,
  InterleavedBufferAttribute,
  Light,
  LightShadow,
  Material,
  Object3D,
  Texture,
} from 'three';

/*
 * What a shadow map shows, as one flat list of numbers (shadows.ts compares it frame to frame): a
 * light's place, target, map and lens; a caster's world matrix, layers, geometry buffers and their
 * uploads, and what three's depth material takes from its material (WebGLShadowMap.getDepthMaterial).
 */

/** A stable number for an object that has none (an interleaved buffer): identity, not content. */
const ids = new WeakMap<object, number>();
let nextId = 1;
function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
}

/** A flat list of numbers compared with the last frame's as it is written. */
export class Signature {
  private values = new Float64Array(512);
  private length = 0;
  private at = 0;
  private changed = false;

  begin(): void {
    this.at = 0;
    this.changed = false;
  }

  put(v: number): void {
    if (this.at === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    // NaN never equals itself: a NaN in a matrix means a redraw every frame, which is only slower.
    if (this.values[this.at] !== v || this.at >= this.length) {
      this.values[this.at] = v;
      this.changed = true;
    }
    this.at++;
  }

  putAll(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.put(values[i]!);
  }

  end(): boolean {
    if (this.at !== this.length) this.changed = true;
    this.length = this.at;
    return this.changed;
  }
}

export type ShadowLight = Light & {
  target?: Object3D;
  angle?: number;
  distance?: number;
  shadow?: LightShadow & { focus?: number; aspect?: number };
};
export type Drawn = Object3D & {
  isMesh?: boolean;
  isLine?: boolean;
  isPoints?: boolean;
  isSkinnedMesh?: boolean;
  isBatchedMesh?: boolean;
  isInstancedMesh?: boolean;
  isLOD?: boolean;
  geometry?: BufferGeometry;
  material?: Material | Material[];
  morphTargetInfluences?: number[];
  instanceMatrix?: BufferAttribute;
  morphTexture?: Texture | null;
  count?: number;
};

/** The shadow camera's lens, as the light's kind has it (orthographic or perspective). */
const LENS = ['near', 'far', 'fov', 'zoom', 'left', 'right', 'top', 'bottom', 'aspect'] as const;
type Lens = Camera & Partial<Record<(typeof LENS)[number], number>>;

/** A shadow-casting light as its map is drawn: place, target, map, lens and layers. */
export function putLight(s: Signature, light: ShadowLight, shadow: NonNullable<ShadowLight['shadow']>): void {
  const cam = shadow.camera as Lens;
  s.putAll(light.matrixWorld.elements);
  if (light.target) s.putAll(light.target.matrixWorld.elements);
  s.put(shadow.mapSize.x);
  s.put(shadow.mapSize.y);
  s.put(shadow.radius);
  s.put(shadow.blurSamples);
  s.put(shadow.focus ?? 0);
  s.put(shadow.aspect ?? 0);
  s.put(light.angle ?? 0);
  s.put(light.distance ?? 0);
  for (const key of LENS) s.put(cam[key] ?? 0);
  s.put(cam.up.x);
  s.put(cam.up.y);
  s.put(cam.up.z);
  // With layers of its own a shadow camera draws those, not the view camera's.
  s.put(cam.layers.mask);
  s.putAll(cam.projectionMatrix.elements);
}

/** A caster as the depth pass draws it: place, layers, geometry, morphs, instances, materials. */
export function putCaster(s: Signature, d: Drawn): void {
  s.put(d.id);
  s.putAll(d.matrixWorld.elements);
  s.put(d.layers.mask);
  s.put(d.frustumCulled ? 1 : 0);
  if (d.geometry) putGeometry(s, d.geometry);
  if (d.morphTargetInfluences) s.putAll(d.morphTargetInfluences);
  if (d.isInstancedMesh) {
    s.put(attribute(d.instanceMatrix));
    s.put(d.instanceMatrix?.version ?? -1);
    s.put(d.count ?? 0);
    s.put(d.morphTexture ? d.morphTexture.version : -1);
  }
  const m = d.material;
  if (Array.isArray(m)) for (let i = 0; i < m.length; i++) putMaterial(s, m[i]);
  else putMaterial(s, m);
}

/** What of a geometry a depth pass reads: its positions and index (which buffers, their uploads), morphs, range, groups. */
function putGeometry(s: Signature, g: BufferGeometry): void {
  s.put(g.id);
  s.put(attribute(g.index));
  s.put(g.index ? g.index.version : -1);
  const position = g.attributes.position;
  s.put(attribute(position));
  s.put(version(position));
  const morphs = g.morphAttributes.position;
  if (morphs) for (let i = 0; i < morphs.length; i++) s.put(version(morphs[i]));
  s.put(g.drawRange.start);
  s.put(g.drawRange.count);
  s.put(g.groups.length);
  for (let i = 0; i < g.groups.length; i++) {
    const group = g.groups[i]!;
    s.put(group.start);
    s.put(group.count);
    s.put(group.materialIndex ?? 0);
  }
}

/** Properties three's depth and distance materials take from a caster's material (WebGLShadowMap.getDepthMaterial). */
function putMaterial(s: Signature, m: Material | null | undefined): void {
  if (!m) return s.put(-1);
  s.put(m.id);
  s.put(m.version);
  s.put(m.visible ? 1 : 0);
  s.put(m.side);
  s.put(m.shadowSide ?? -1);
  s.put(m.alphaTest);
  s.put(m.alphaToCoverage ? 1 : 0);
  s.put(m.clipShadows ? 1 : 0);
  s.put(m.clippingPlanes?.length ?? 0);
  const more = m as Material & {
    map?: Texture | null;
    alphaMap?: Texture | null;
    displacementMap?: Texture | null;
    displacementScale?: number;
    displacementBias?: number;
    wireframe?: boolean;
  };
  s.put(more.wireframe ? 1 : 0);
  // The maps shape a shadow only where three uses them there; a video on a caster redraws nothing.
  if (m.alphaTest > 0 || m.alphaToCoverage) {
    putTexture(s, more.map);
    putTexture(s, more.alphaMap);
  }
  if (more.displacementMap && more.displacementScale) {
    putTexture(s, more.displacementMap);
    s.put(more.displacementScale);
    s.put(more.displacementBias ?? 0);
  }
}

/** A texture as the depth shader samples it: which image, its uploads and its transform. */
function putTexture(s: Signature, t: Texture | null | undefined): void {
  if (!t) return s.put(-1);
  s.put(t.id);
  s.put(t.version);
  if (t.matrixAutoUpdate) t.updateMatrix();
  s.putAll(t.matrix.elements);
}

/** An attribute's upload count; an interleaved one's is its buffer's. */
function version(a: BufferAttribute | InterleavedBufferAttribute | null | undefined): number {
  if (!a) return -1;
  return 'isInterleavedBufferAttribute' in a ? a.data.version : a.version;
}

/** Which attribute (a replaced one can start at the same version); an interleaved one's buffer too. */
function attribute(a: BufferAttribute | InterleavedBufferAttribute | null | undefined): number {
  if (!a) return -1;
  if ('isInterleavedBufferAttribute' in a) return idOf(a.data) * 1024 + a.offset;
  return idOf(a);
}
