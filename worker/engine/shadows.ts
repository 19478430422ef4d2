import {
  Object3D as Object3DClass,
  VSMShadowMap,
  type BufferAttribute,
  type Camera,
  type InterleavedBufferAttribute,
  type Light,
  type LightShadow,
  type Material,
  type Object3D,
  type Scene,
  type Texture,
  type WebGLRenderer,
  type BufferGeometry,
} from 'three';

/*
 * Shadow maps are redrawn only when something they show changed.
 *
 * three redraws every shadow map on every render by default: for a still plant floor seen by an
 * orbiting camera, the most common dashboard view, that is a second pass over every caster each
 * frame for a picture that does not change (a light's shadow does not depend on the view camera).
 * Measured on the benchmark's 400-mesh scene (software WebGL, adaptive resolution at 30 fps):
 * 25.0 fps with the shadow pass every frame, 35.4 with this. So before each frame the stage reads
 * what the maps depend on into one flat signature (each shadow-casting light's place, target,
 * camera and map size; each drawn caster's world matrix, geometry, material and the properties
 * three's depth material copies) and asks three for the pass only when it differs from the last
 * frame's. Reading it is one walk over the visible scene comparing numbers in place: nothing is
 * allocated per object.
 *
 * What the signature cannot see is drawn every frame, as before: skinned and batched meshes (bone
 * and batch matrices live outside the object), LODs (three picks their level inside the render),
 * casters with a custom depth material or an onBeforeShadow of their own (user shader code), and a
 * light that asks for it (`shadow.needsUpdate`, three's own way to redraw a static shadow).
 */

/** A stable number for an object that has none (an interleaved buffer): identity, not content. */
const ids = new WeakMap<object, number>();
let nextId = 1;
function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
}

/** The renderer's cache, so a render outside the stage's frames can ask for the maps (drawShadowsNow). */
const caches = new WeakMap<WebGLRenderer, ShadowCache>();

/**
 * For a render outside the stage's frames that shows another state of the scene (the material
 * preview's thumbnail): its shadows are drawn for it, and the next frame draws them again for the view.
 */
export function drawShadowsNow(renderer: WebGLRenderer): void {
  renderer.shadowMap.needsUpdate = true;
  caches.get(renderer)?.invalidate();
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

/** A flat list of numbers compared with the last frame's as it is written. */
class Signature {
  private values = new Float64Array(512);
  private length = 0;
  private at = 0;
  changed = false;

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

type ShadowLight = Light & {
  target?: Object3D;
  angle?: number;
  distance?: number;
  shadow?: LightShadow & { focus?: number; aspect?: number };
};
type Drawn = Object3D & {
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

export class ShadowCache {
  private readonly signature = new Signature();
  private stale = true;
  /** Times the shadow maps were drawn (stats()). */
  draws = 0;

  constructor(private readonly renderer: WebGLRenderer) {
    renderer.shadowMap.autoUpdate = false;
    caches.set(renderer, this);
  }

  /** Redraw the maps on the next frame whatever the signature says. */
  invalidate(): void {
    this.stale = true;
  }

  /**
   * Called right before the frame's first render of the scene, once every frame callback and the
   * stage's own placement moved what they move. Brings the scene's world matrices up to date (the
   * signature compares them) and returns a function that undoes what it changed for the render.
   */
  prepare(scene: Scene, camera: Camera): () => void {
    const map = this.renderer.shadowMap;
    if (!map.enabled) {
      this.stale = true;
      return noop;
    }
    const autoUpdate = scene.matrixWorldAutoUpdate;
    let requested = true;
    try {
      // A scene whose script keeps its matrices itself (the switch off) is read as three will draw it.
      if (autoUpdate) scene.updateMatrixWorld();
      requested = this.read(scene, camera) || this.stale;
      this.stale = false;
    } catch {
      // Something in the scene broke the walk: the maps are drawn, and again until a walk ends (three's
      // own render meets the same object and reports it).
      this.stale = true;
    }
    if (requested) map.needsUpdate = true;
    // The matrices are current: three need not compose them all again in this frame's render.
    scene.matrixWorldAutoUpdate = false;
    return () => {
      scene.matrixWorldAutoUpdate = autoUpdate;
      // three clears the flag only once it drew the maps (not with the context lost, say).
      if (requested && !map.needsUpdate) this.draws++;
    };
  }

  /** Writes this frame's signature; true when it differs from the last or something in it is always drawn. */
  private read(scene: Scene, camera: Camera): boolean {
    const map = this.renderer.shadowMap;
    const s = this.signature;
    s.begin();
    s.put(map.type);
    // Without layers of its own a shadow camera draws what the view camera's layers show.
    s.put(camera.layers.mask);
    let always = false;
    const vsm = map.type === VSMShadowMap;
    scene.traverseVisible((o) => {
      const light = o as ShadowLight;
      if (light.isLight && light.castShadow && light.shadow) {
        const drawn = light.layers.test(camera.layers);
        s.put(drawn ? light.id : -light.id - 1);
        if (!drawn) return;
        putLight(s, light, light.shadow);
        // No map yet, or disposed (its shadow switched off and on): three makes one only in a pass.
        if (!light.shadow.map || light.shadow.needsUpdate) always = true;
        return;
      }
      const d = o as Drawn;
      if (d.isLOD) always = true;
      if (!(d.isMesh || d.isLine || d.isPoints) || !(d.castShadow || (vsm && d.receiveShadow))) return;
      if (d.isSkinnedMesh || d.isBatchedMesh || d.customDepthMaterial || d.customDistanceMaterial) always = true;
      if (d.onBeforeShadow !== Object3DClass.prototype.onBeforeShadow) always = true;
      s.put(d.id);
      s.putAll(d.matrixWorld.elements);
      s.put(d.layers.mask);
      s.put(d.frustumCulled ? 1 : 0);
      const g = d.geometry;
      if (g) putGeometry(s, g);
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
    });
    return s.end() || always;
  }
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

function putLight(s: Signature, light: ShadowLight, shadow: NonNullable<ShadowLight['shadow']>): void {
  const cam = shadow.camera as Camera & {
    near?: number;
    far?: number;
    fov?: number;
    zoom?: number;
    left?: number;
    right?: number;
    top?: number;
    bottom?: number;
    aspect?: number;
  };
  s.putAll(light.matrixWorld.elements);
  if (light.target) s.putAll(light.target.matrixWorld.elements);
  s.put(shadow.mapSize.x);
  s.put(shadow.mapSize.y);
  s.put(shadow.radius);
  s.put(shadow.blurSamples);
  s.put(shadow.focus ?? 0);
  s.put(light.angle ?? 0);
  s.put(light.distance ?? 0);
  s.put(cam.near ?? 0);
  s.put(cam.far ?? 0);
  s.put(cam.fov ?? 0);
  s.put(cam.zoom ?? 0);
  s.put(cam.left ?? 0);
  s.put(cam.right ?? 0);
  s.put(cam.top ?? 0);
  s.put(cam.bottom ?? 0);
  s.put(cam.aspect ?? 0);
  s.put(shadow.aspect ?? 0);
  s.put(cam.up.x);
  s.put(cam.up.y);
  s.put(cam.up.z);
  // With layers of its own a shadow camera draws those, not the view camera's.
  s.put(cam.layers.mask);
  s.putAll(cam.projectionMatrix.elements);
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

function noop(): void {}
