import {
  AmbientLight,
  DirectionalLight,
  DirectionalLightHelper,
  HemisphereLight,
  PointLight,
  SpotLight,
  SpotLightHelper,
  type Light,
  type LightShadow,
  type Object3D,
} from 'three';
import { setColour } from '../../util/colour';
import { isSoftwareRenderer } from '../../engine/gpu';
import type {
  AmbientLight as AmbientEntry,
  DirectionalLight as DirectionalEntry,
  HemisphereLight as HemisphereEntry,
  PointLight as PointEntry,
  SpotLight as SpotEntry,
} from '../../../shared/schema/lights';

/** A three helper that follows its light when update() is called. */
export interface LightHelper extends Object3D {
  update(): void;
  dispose(): void;
}

/** How one entry type of lightConfig maps onto a three light. */
export interface Kind<E, L extends Light = Light> {
  label: string;
  create(): L;
  /** Copy every field of the entry onto the light: a handful of numbers, cheaper than diffing. */
  set(light: L, entry: E): void;
  /** Present for the types whose entries have a `helper` switch. */
  helper?(light: L): LightHelper;
}

/*
 * Shadow cameras sized for the spec's scene scale: a 1000 x 1000 ground seen from 500 units away.
 * Three's defaults (a ±5 orthographic box, far 500) would clip almost the whole scene.
 */
const DIRECTIONAL_HALF_SIZE = 600;
/** Beyond the light-to-target distance, so casters below or behind the target are still caught. */
const DIRECTIONAL_DEPTH_MARGIN = 1000;
const PERSPECTIVE_SHADOW_FAR = 5000;
/** Directional shadows stretch over the whole ground: more texels keep their edges crisp. */
// A software rasterizer draws every shadow texel on the CPU, each frame: half the edge there.
const SOFTWARE_SCALE = isSoftwareRenderer() ? 0.5 : 1;
const DIRECTIONAL_MAP_SIZE = 2048 * SOFTWARE_SCALE;
const LOCAL_MAP_SIZE = 1024 * SOFTWARE_SCALE;
/*
 * Acne guards. normalBias is in world units: about one texel of the directional map (1200 units /
 * 2048 texels). bias is in shadow-depth units: linear over near..far for directional (orthographic)
 * and point (distance) shadows, so -0.0005 is about a unit; a spot's perspective depth is
 * crowded towards far, where -0.0005 would mean tens of units and eat the shadow next to a caster.
 */
const LINEAR_DEPTH_BIAS = -0.0005;
const SPOT_DEPTH_BIAS = -0.00005;
const SHADOW_NORMAL_BIAS = 0.6;
/** Close enough for anything in the scene, far enough to keep perspective depth precision. */
const PERSPECTIVE_SHADOW_NEAR = 5;
const DIRECTIONAL_SHADOW_NEAR = 1;
/** The directional helper's square, big enough to see at 500 units. */
const DIRECTIONAL_HELPER_SIZE = 40;

type Shadowed = DirectionalLight | SpotLight | PointLight;

function initShadow(light: Shadowed, mapSize: number, bias: number, near: number) {
  light.shadow.mapSize.set(mapSize, mapSize);
  light.shadow.bias = bias;
  light.shadow.normalBias = SHADOW_NORMAL_BIAS;
  light.shadow.camera.near = near;
}

/** Turning a shadow off frees its map now rather than when the light goes. */
export function setCastShadow(light: Light, cast: boolean) {
  light.castShadow = cast;
  if (!cast) freeShadowMap(light);
}

export function freeShadowMap(light: Light) {
  const shadow = (light as Light & { shadow?: LightShadow }).shadow;
  if (!shadow?.map) return;
  shadow.dispose();
  // Three builds a fresh map on the next shadow pass when map is null; a disposed one would linger.
  shadow.map = null;
  shadow.mapPass = null;
}

export const ambientKind: Kind<AmbientEntry, AmbientLight> = {
  label: 'ambientLight',
  create: () => new AmbientLight(),
  set(light, e) {
    setColour(light.color, e.color);
    light.intensity = e.intensity;
  },
};

export const hemisphereKind: Kind<HemisphereEntry, HemisphereLight> = {
  label: 'hemisphereLight',
  create: () => new HemisphereLight(),
  set(light, e) {
    setColour(light.color, e.skyColor);
    setColour(light.groundColor, e.groundColor);
    light.intensity = e.intensity;
    light.position.set(e.position.x, e.position.y, e.position.z);
  },
};

export const directionalKind: Kind<DirectionalEntry, DirectionalLight> = {
  label: 'directionalLight',
  create() {
    const light = new DirectionalLight();
    initShadow(light, DIRECTIONAL_MAP_SIZE, LINEAR_DEPTH_BIAS, DIRECTIONAL_SHADOW_NEAR);
    const cam = light.shadow.camera;
    cam.left = cam.bottom = -DIRECTIONAL_HALF_SIZE;
    cam.right = cam.top = DIRECTIONAL_HALF_SIZE;
    return light;
  },
  set(light, e) {
    setColour(light.color, e.color);
    light.intensity = e.intensity;
    light.position.set(e.position.x, e.position.y, e.position.z);
    light.target.position.set(e.target.x, e.target.y, e.target.z);
    setCastShadow(light, e.castShadow);
    light.shadow.camera.far = light.position.distanceTo(light.target.position) + DIRECTIONAL_DEPTH_MARGIN;
    // The orthographic shadow camera is never refreshed by three itself.
    light.shadow.camera.updateProjectionMatrix();
  },
  helper: (light) => new DirectionalLightHelper(light, DIRECTIONAL_HELPER_SIZE),
};

/** What point and spot lights share: colour, reach and place, and a shadow as far as the reach. */
function setLocalLight(light: PointLight | SpotLight, e: PointEntry | SpotEntry) {
  setColour(light.color, e.color);
  light.intensity = e.intensity;
  light.distance = e.distance;
  light.decay = e.decay;
  light.position.set(e.position.x, e.position.y, e.position.z);
  setCastShadow(light, e.castShadow);
  // Three copies a non-zero distance into the shadow camera's far and keeps it after distance
  // goes back to 0 (unlimited): restore the far plane each time.
  light.shadow.camera.far = e.distance || PERSPECTIVE_SHADOW_FAR;
  light.shadow.camera.updateProjectionMatrix();
}

export const pointKind: Kind<PointEntry, PointLight> = {
  label: 'pointLight',
  create() {
    const light = new PointLight();
    initShadow(light, LOCAL_MAP_SIZE, LINEAR_DEPTH_BIAS, PERSPECTIVE_SHADOW_NEAR);
    return light;
  },
  set: setLocalLight,
};

export const spotKind: Kind<SpotEntry, SpotLight> = {
  label: 'spotLight',
  create() {
    const light = new SpotLight();
    initShadow(light, LOCAL_MAP_SIZE, SPOT_DEPTH_BIAS, PERSPECTIVE_SHADOW_NEAR);
    return light;
  },
  set(light, e) {
    setLocalLight(light, e);
    light.angle = e.angle;
    light.penumbra = e.penumbra;
    light.target.position.set(e.target.x, e.target.y, e.target.z);
  },
  helper: (light) => new SpotLightHelper(light),
};
