import {
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
} from 'three';

/*
 * Shadow maps are redrawn only when something they show changed.
 *
 * three redraws every shadow map on every render by default: for a still plant floor seen by an
 * orbiting camera, the most common dashboard view, that is a second pass over every caster each
 * frame for a picture that does not change (a light's shadow does not depend on the view camera).
 * Measured on the benchmark's 400-mesh scene (software WebGL): 25 fps with the shadow pass every
 * frame, 30 to 33.6 without it. So before each frame the stage reads what the maps depend on into
 * one flat signature (each shadow-casting light's place, target, camera and map size; each drawn
 * caster's world matrix, geometry, material and the properties three's depth material copies) and
 * asks three for the pass only when it differs from the last frame's. Reading the signature is a
 * walk over the visible scene comparing numbers in place, with no allocation.
 *
 * What the signature cannot see is drawn every frame, as before: skinned and batched meshes (bone
 * and batch matrices live outside the object).
 */

/** Properties three's depth and distance materials take from a caster's material (WebGLShadowMap.getDepthMaterial). */
function putMaterial(s: Signature, m: Material | null | undefined): void {
  if (!m) return s.put(-1);
  s.put(m.id);
  s.put(m.version);
  s.put(m.visible ? 1 : 0);
  s.put(m.side);
  s.put(m.shadowSide ?? -1);
  s.put(m.alphaTest);
  s.put(m.clipShadows ? 1 : 0);
  s.put(m.clippingPlanes?.length ?? 0);
  const maps = m as Material & { map?: Texture | null; alphaMap?: Texture | null; displacementMap?: Texture | null };
  putTexture(s, maps.map);
  putTexture(s, maps.alphaMap);
  putTexture(s, maps.displacementMap);
  const more = m as Material & { displacementScale?: number; displacementBias?: number; wireframe?: boolean };
  s.put(more.displacementScale ?? 0);
  s.put(more.displacementBias ?? 0);
  s.put(more.wireframe ? 1 : 0);
}

function putTexture(s: Signature, t: Texture | null | undefined): void {
  if (!t) return s.put(-1);
  s.put(t.id);
  s.put(t.version);
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
  shadow?: LightShadow & { focus?: number };
};
type Drawn = Object3D & {
  isMesh?: boolean;
  isLine?: boolean;
  isPoints?: boolean;
  isSkinnedMesh?: boolean;
  isBatchedMesh?: boolean;
  isInstancedMesh?: boolean;
  geometry?: import('three').BufferGeometry;
  material?: Material | Material[];
  morphTargetInfluences?: number[];
  instanceMatrix?: { version: number };
  count?: number;
};

export class ShadowCache {
  private readonly signature = new Signature();
  private stale = true;
  /** Times the shadow maps were drawn (stats()). */
  draws = 0;

  constructor(private readonly renderer: WebGLRenderer) {
    renderer.shadowMap.autoUpdate = false;
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
    scene.updateMatrixWorld();
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
        putLight(s, light, light.shadow);
        // No map yet, or disposed (its shadow switched off and on): three makes one only in a pass.
        if (!light.shadow.map) always = true;
        return;
      }
      const d = o as Drawn;
      if (!(d.isMesh || d.isLine || d.isPoints) || !(d.castShadow || (vsm && d.receiveShadow))) return;
      if (d.isSkinnedMesh || d.isBatchedMesh) always = true;
      s.put(d.id);
      s.putAll(d.matrixWorld.elements);
      s.put(d.layers.mask);
      s.put(d.frustumCulled ? 1 : 0);
      const g = d.geometry;
      if (g) {
        s.put(g.id);
        s.put(g.index?.version ?? -1);
        s.put(version(g.attributes.position));
        s.put(g.drawRange.start);
        s.put(g.drawRange.count);
        s.put(g.groups.length);
      }
      if (d.morphTargetInfluences) s.putAll(d.morphTargetInfluences);
      if (d.isInstancedMesh) {
        s.put(d.instanceMatrix!.version);
        s.put(d.count ?? 0);
      }
      if (Array.isArray(d.material)) d.material.forEach((m) => putMaterial(s, m));
      else putMaterial(s, d.material);
      putMaterial(s, d.customDepthMaterial);
      putMaterial(s, d.customDistanceMaterial);
    });
    const changed = s.end();
    if (changed || always || this.stale) {
      map.needsUpdate = true;
      this.draws++;
    }
    this.stale = false;
    // The matrices are current: three need not compose them all again in this frame's render.
    scene.matrixWorldAutoUpdate = false;
    return () => {
      scene.matrixWorldAutoUpdate = autoUpdate;
    };
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
  };
  s.put(light.id);
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
  s.putAll(cam.projectionMatrix.elements);
}

/** An attribute's upload count; an interleaved one's is its buffer's. */
function version(a: BufferAttribute | InterleavedBufferAttribute | undefined): number {
  if (!a) return -1;
  return 'isInterleavedBufferAttribute' in a ? a.data.version : a.version;
}

function noop(): void {}
