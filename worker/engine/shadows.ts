import { Object3D, VSMShadowMap, type Camera, type Scene, type WebGLRenderer } from 'three';
import { putCaster, putLight, Signature, type Drawn, type ShadowLight } from './shadowSignature';

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
      if (d.onBeforeShadow !== Object3D.prototype.onBeforeShadow) always = true;
      putCaster(s, d);
    });
    return s.end() || always;
  }
}

function noop(): void {}
