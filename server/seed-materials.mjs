// @ts-check
// The built-in material library: materials made for IoT scenes (machines, buildings, signage,
// tanks), each one `<display name>-<type>` with spec §9's defaults filled in, so the editor and
// the model panel read them exactly as written.
import { concretePng, oakPng, waterNormalPng } from './seed-textures.mjs';

/** Version of the .airm file layout: `{ formatVersion, material }`. */
export const AIRM_FORMAT_VERSION = 1;
/** Catalog of the built-in materials (user materials are saved under '3d/materials'). */
export const BUILT_IN_MATERIAL_CATALOG = 'built-in/materials';

/** A material entity with spec §9's "new material" defaults, then the given fields. */
function material(/** @type {Record<string, unknown>} */ fields) {
  return {
    uuid: '',
    name: '',
    type: 'physical',
    shaderCode: '',
    frameScript: '',
    envMap: '',
    side: 'FrontSide',
    combine: 'MultiplyOperation',
    rotation: 0,
    repeat: { u: 1, v: 1 },
    offset: { u: 0, v: 0 },
    center: { u: 0, v: 0 },
    color: '#ffffff',
    aoMapIntensity: 1,
    normalScale: 1,
    normalScaleY: false,
    emissive: '#000000',
    emissiveIntensity: 1,
    alphaTest: 0,
    opacity: 1,
    lightMapIntensity: 1,
    envMapIntensity: 1,
    roughness: 1,
    metalness: 0,
    ior: 1.5,
    specularIntensity: 1,
    specularColor: '#ffffff',
    shininess: 30,
    sizeAttenuation: true,
    fog: true,
    size: 1,
    path: BUILT_IN_MATERIAL_CATALOG,
    ...fields,
  };
}

const id = (/** @type {string} */ n) => `6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a${n}`;

// The shader example (docs/airm.md "shaderCode"): temperature bands that scroll upwards, lit by a
// fixed light so the sphere reads as round; its frameScript advances `time`.
const HEAT_SHADER = `return {
  uniforms: {
    time: { value: 0 },
    cold: { value: new THREE.Color('#1f4dff') },
    hot: { value: new THREE.Color('#ff5a1f') },
  },
  vertexShader: \`
    varying vec3 vNormal;
    varying vec2 vUv;
    void main() {
      vNormal = normalize(normalMatrix * normal);
      vUv = uv;
      gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
    }\`,
  fragmentShader: \`
    uniform float time;
    uniform vec3 cold;
    uniform vec3 hot;
    varying vec3 vNormal;
    varying vec2 vUv;
    void main() {
      float band = 0.5 + 0.5 * sin(vUv.y * 18.0 - time * 2.0);
      vec3 base = mix(cold, hot, clamp(vUv.y * 0.8 + band * 0.25, 0.0, 1.0));
      float light = 0.35 + 0.65 * max(dot(normalize(vNormal), normalize(vec3(0.4, 0.8, 0.6))), 0.0);
      gl_FragColor = vec4(base * light, 1.0);
    }\`,
};`;

// The preview lights a ball with an ambient and a point light and no environment, where a fully
// metallic surface (metalness 1) shows only its highlight: the polished metals keep a little
// diffuse colour so their thumbnails read as chrome and gold; in a space with an environment they
// reflect it as metals do.

/** Folder name = '<display name>-<type>' so the displayed name drops the type (spec §3). */
export const BUILT_IN_MATERIALS = [
  material({ uuid: id('01'), name: 'brushed-steel-physical', color: '#c9ced6', metalness: 0.9, roughness: 0.35 }),
  material({ uuid: id('02'), name: 'red-plastic-phong', type: 'phong', color: '#c0392b', shininess: 80 }),
  material({ uuid: id('03'), name: 'frosted-glass-physical', color: '#dff3ff', roughness: 0.15, opacity: 0.55, transparent: true }),
  // Points: a fixed size in pixels (no attenuation), so the cloud reads the same on the preview's
  // small ball and on a scanned site a hundred metres across.
  material({ uuid: id('04'), name: 'cyan-glow-points', type: 'points', color: '#39d0ff', size: 3, sizeAttenuation: false }),
  material({
    uuid: id('05'),
    name: 'polished-chrome-physical',
    color: '#f2f4f7',
    metalness: 0.9,
    roughness: 0.12,
    clearcoat: 1,
    clearcoatRoughness: 0.05,
  }),
  material({ uuid: id('06'), name: 'polished-gold-physical', color: '#f1c35a', metalness: 0.85, roughness: 0.18 }),
  material({
    uuid: id('07'),
    name: 'clear-glass-physical',
    color: '#f4fbff',
    roughness: 0.02,
    opacity: 0.25,
    transparent: true,
    ior: 1.52,
    clearcoat: 1,
    clearcoatRoughness: 0.02,
  }),
  material({
    uuid: id('08'),
    name: 'white-abs-plastic-physical',
    color: '#ecebe6',
    roughness: 0.45,
    clearcoat: 0.3,
    clearcoatRoughness: 0.4,
  }),
  material({ uuid: id('09'), name: 'oak-wood-physical', map: 'oak.png', roughness: 0.7, repeat: { u: 2, v: 1 } }),
  material({
    uuid: id('0a'),
    name: 'concrete-physical',
    color: '#c4c0b8',
    map: 'concrete.png',
    roughnessMap: 'concrete.png',
    roughness: 0.95,
    repeat: { u: 2, v: 2 },
  }),
  material({ uuid: id('0b'), name: 'black-rubber-physical', color: '#1d1d1f', roughness: 0.92, sheen: 0.3, sheenRoughness: 0.8 }),
  material({
    uuid: id('0c'),
    name: 'green-signage-physical',
    color: '#0f2a18',
    emissive: '#27ff7a',
    emissiveIntensity: 1.6,
    roughness: 0.4,
  }),
  material({
    uuid: id('0d'),
    name: 'water-physical',
    color: '#1f6f9f',
    normalMap: 'water-normal.png',
    normalScale: 0.8,
    roughness: 0.06,
    metalness: 0.1,
    opacity: 0.85,
    transparent: true,
    repeat: { u: 3, v: 3 },
  }),
  material({
    uuid: id('0e'),
    name: 'heat-bands-shader',
    type: 'shader',
    shaderCode: HEAT_SHADER,
    frameScript: 'if (material.uniforms && material.uniforms.time) material.uniforms.time.value += dt;',
  }),
  material({ uuid: id('0f'), name: 'blue-plastic-phong', type: 'phong', color: '#2563c9', shininess: 40, specular: '#444444' }),
];

/** Textures written beside a material's .airm: folder name -> [file name, generator]. */
export const BUILT_IN_TEXTURES = /** @type {Record<string, Array<[string, () => Uint8Array]>>} */ ({
  'oak-wood-physical': [['oak.png', oakPng]],
  'concrete-physical': [['concrete.png', concretePng]],
  'water-physical': [['water-normal.png', waterNormalPng]],
});
