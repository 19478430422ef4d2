import * as z from 'zod';
import { bool, colour, num, str, toIssues, uv, type SchemaIssue } from './common';
import { randomId } from './media';
import { urlPath } from '../paths';

/** Media-library catalog of 3D model materials: new materials are saved here (spec §9 `path`). */
export const MATERIAL_CATALOG = '3d/materials';
export const MATERIAL_FILE_EXT = '.airm';
export const MATERIAL_THUMBNAIL = 'cut.jpg';

/** Named types; any other `type` string builds a physical material (spec §3). */
export const MATERIAL_TYPES = ['physical', 'phong', 'shader', 'points'] as const;
export type MaterialKind = (typeof MATERIAL_TYPES)[number];
export function materialKind(type: string): MaterialKind {
  return type === 'phong' || type === 'shader' || type === 'points' ? type : 'physical';
}

export const SIDES = ['FrontSide', 'BackSide', 'DoubleSide'] as const;
export const COMBINES = ['MultiplyOperation', 'MixOperation', 'AddOperation'] as const;

/** Spec §5: a material string value ending in one of these is loaded as a texture. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.bmp', '.svg', '.webp'] as const;
export function isImageString(value: string): boolean {
  const v = urlPath(value).toLowerCase();
  return IMAGE_EXTENSIONS.some((ext) => v.endsWith(ext));
}

const unit = (def: number) => num(def, 0, 1);
const nonNegative = (def: number) => num(def, 0);

/**
 * Where a shader material's code starts (spec §4: a function body given THREE, returning
 * { vertexShader, fragmentShader, uniforms }): a shaded colour, so a new shader material shows its
 * model at once rather than an empty code field and an invisible box. Filled in when a material
 * becomes a shader with no code of its own; the default of `shaderCode` stays '' (only a shader
 * material has code, and code needs the designer's consent to run when it comes from a file).
 */
export const SHADER_TEMPLATE = `// Runs in the 3D worker. THREE is the three.js library; return the shader's GLSL and its uniforms.
return {
  uniforms: {
    color: { value: new THREE.Color('#4096ff') },
  },
  vertexShader: \`
    varying vec3 vNormal;
    void main() {
      vNormal = normalize(normalMatrix * normal);
      gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
    }
  \`,
  fragmentShader: \`
    uniform vec3 color;
    varying vec3 vNormal;
    void main() {
      // Lit from above and in front, so the shape reads.
      float light = 0.4 + 0.6 * max(dot(normalize(vNormal), normalize(vec3(0.3, 0.8, 0.6))), 0.0);
      gl_FragColor = vec4(color * light, 1.0);
    }
  \`,
};
`;

/**
 * A material entity (spec §3) with the "new material" defaults of spec §9.
 *
 * Loose on purpose: texture slots (map, aoMap, normalMap, roughnessMap, ...) and any other three.js
 * material property the file carries are kept; by spec §5 a string value there that names a colour
 * becomes a colour and one that names an image becomes a texture, so they stay strings here.
 *
 * `uuid` defaults to '' so parsing stays deterministic (tests, round trips); `newMaterial` is the
 * one place that mints an id.
 */
export const MaterialSchema = z.looseObject({
  uuid: str(),
  name: str(),
  type: str('physical'),
  shaderCode: str(),
  frameScript: str(),
  envMap: str(),
  side: z.enum(SIDES).default('FrontSide'),
  combine: z.enum(COMBINES).default('MultiplyOperation'),
  // Texture transform: rotation in radians around `center`, as three's Texture has it.
  rotation: num(0),
  repeat: uv(1, 1),
  offset: uv(0, 0),
  center: uv(0, 0),
  color: colour('#ffffff'),
  aoMapIntensity: nonNegative(1),
  // May be negative: flips the normal map's effect.
  normalScale: num(1),
  normalScaleY: bool(false),
  emissive: colour('#000000'),
  emissiveIntensity: nonNegative(1),
  alphaTest: unit(0),
  opacity: unit(1),
  lightMapIntensity: nonNegative(1),
  envMapIntensity: nonNegative(1),
  roughness: unit(1),
  metalness: unit(0),
  // three clamps ior to [1, 2.333].
  ior: num(1.5, 1, 2.333),
  specularIntensity: unit(1),
  specularColor: colour('#ffffff'),
  shininess: nonNegative(30),
  sizeAttenuation: bool(true),
  fog: bool(true),
  size: nonNegative(1),
  path: str(MATERIAL_CATALOG),
});

export type Material = z.infer<typeof MaterialSchema>;
export type MaterialInput = z.input<typeof MaterialSchema>;

/** A fresh material with a new uuid (crypto.randomUUID where available, e.g. secure contexts). */
export function newMaterial(input: MaterialInput = {}): Material {
  const uuid = input.uuid || (globalThis.crypto?.randomUUID?.() ?? randomId(32));
  return MaterialSchema.parse({ ...input, uuid });
}

/**
 * Spec §3: a displayed name drops the last hyphen-separated segment (the material type), e.g.
 * 'red-brick-physical.airm' -> 'red-brick'; without a hyphen it drops the extension.
 */
export function materialDisplayName(name: string): string {
  const hyphen = name.lastIndexOf('-');
  if (hyphen > 0) return name.slice(0, hyphen);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Largest `.airm` file the editor opens: a material is a few KB; more is not a material. */
export const AIRM_MAX_BYTES = 2 * 1024 * 1024;

/** Version of the `.airm` file layout (docs/airm.md); server/seed.mjs writes the same number. */
export const AIRM_FORMAT_VERSION = 1;

/**
 * An `.airm` file: one material entity and the layout version (docs/airm.md). A file written by a
 * newer layout is refused rather than half-read.
 */
export const AirmDocumentSchema = z.object({
  formatVersion: z.literal(AIRM_FORMAT_VERSION),
  material: MaterialSchema,
});
export type AirmDocument = z.infer<typeof AirmDocumentSchema>;

/**
 * Parse the text of an `.airm` file. On failure the issues say what is wrong (not JSON, a version
 * this build does not read, which field is invalid); messages are keys of shared/i18n or zod's text.
 */
export function parseAirm(text: string): { ok: true; material: Material } | { ok: false; issues: SchemaIssue[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ path: '(root)', message: 'not a JSON document' }] };
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (json && typeof json === 'object' && version !== AIRM_FORMAT_VERSION) {
    const message = `formatVersion ${JSON.stringify(version) ?? 'missing'} is not supported (expected ${AIRM_FORMAT_VERSION})`;
    return { ok: false, issues: [{ path: 'formatVersion', message }] };
  }
  const result = AirmDocumentSchema.safeParse(json);
  return result.success ? { ok: true, material: result.data.material } : { ok: false, issues: toIssues(result.error) };
}
