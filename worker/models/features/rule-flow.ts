import { Box3, Color, Mesh, ShaderMaterial, Vector3, type BufferGeometry } from 'three';
import type { RuleEffect } from '../../../shared/schema/rules';
import { setColour } from '../../util/colour';
import { HELPER_FLAG, isHelperObject } from '../types';
import type { Drawable } from './rule-material';

type Flow = Extract<RuleEffect, { type: 'flow' }>;
const AXIS_INDEX = { x: 0, y: 1, z: 2 } as const;

/** What a motion indicator asks of one mesh now: its effect and how far its pattern has moved. */
export interface FlowLook {
  effect: Flow;
  offset: number;
}

const VERTEX = /* glsl */ `
uniform int axis;
uniform int acrossAxis;
uniform vec3 centre;
varying float vAlong;
varying float vAcross;
void main() {
  vAlong = axis == 0 ? position.x : axis == 1 ? position.y : position.z;
  float across = acrossAxis == 0 ? position.x - centre.x : acrossAxis == 1 ? position.y - centre.y : position.z - centre.z;
  vAcross = abs(across);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

/** The pattern, shared with the path's band (rule-flow-path.ts): stripes or chevrons along vAlong. */
export const FLOW_FRAGMENT = /* glsl */ `
uniform vec3 color;
uniform float offset;
uniform float spacing;
uniform float width;
uniform float arrows;
varying float vAlong;
varying float vAcross;
void main() {
  // Arrows are stripes bent back from the middle of the part's width (chevrons pointing forward).
  float t = fract((vAlong - offset - arrows * vAcross) / spacing);
  if (t > width) discard;
  gl_FragColor = vec4(color, 1.0);
  #include <colorspace_fragment>
}`;

/** The pattern's own uniforms (FLOW_FRAGMENT's), shared by the part's overlay and the path's band. */
export const flowPatternUniforms = () => ({
  color: { value: new Color() },
  offset: { value: 0 },
  spacing: { value: 1 },
  width: { value: 0.5 },
  arrows: { value: 0 },
});

/** Writes a new effect's pattern (colour, spacing, width, style) into those uniforms. */
export function writeFlowPattern(u: ReturnType<typeof flowPatternUniforms>, e: FlowLook['effect']): void {
  setColour(u.color.value, e.color);
  u.spacing.value = e.spacing;
  u.width.value = e.width;
  u.arrows.value = e.style === 'arrows' ? 1 : 0;
}

/** An overlay mesh as the other features must treat it: hidden until shown, a helper, never picked, drawn after its part. */
export function asHelperOverlay(mesh: Mesh, name: string): Mesh {
  mesh.name = name;
  mesh.visible = false;
  mesh.userData[HELPER_FLAG] = true;
  mesh.raycast = () => {};
  mesh.renderOrder = 1;
  return mesh;
}

/**
 * A motion indicator over ONE mesh: a second mesh sharing its geometry, drawn just in front of it
 * (polygon offset) with a pattern that discards what is not a stripe or an arrow. A child of the
 * mesh, so it follows the part's transform and visibility; marked as a helper, so picking, the
 * tree and the other features never see it. Hidden while its rule does not apply; moving it only
 * writes a uniform.
 */
export class FlowOverlay {
  private readonly overlay: Mesh;
  private readonly material: ShaderMaterial;
  private shown: FlowLook | null = null;
  /** The part's extent (its geometry's box): arrows bend across its wider other side. */
  private readonly size: Vector3;

  constructor(mesh: Drawable & { geometry: BufferGeometry }) {
    const box = (mesh.geometry.boundingBox ?? new Box3().setFromBufferAttribute(mesh.geometry.getAttribute('position') as never)).clone();
    this.size = box.getSize(new Vector3());
    this.material = new ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FLOW_FRAGMENT,
      uniforms: {
        axis: { value: 0 },
        acrossAxis: { value: 1 },
        centre: { value: box.getCenter(new Vector3()) },
        ...flowPatternUniforms(),
      },
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -4,
      depthWrite: false,
      toneMapped: false,
    });
    this.overlay = asHelperOverlay(new Mesh(mesh.geometry, this.material), 'flow');
    mesh.add(this.overlay);
  }

  /** Show the pattern (null: hidden); true when anything drawn changed. */
  set(look: FlowLook | null): boolean {
    const was = this.shown;
    const wasVisible = this.overlay.visible;
    this.shown = look;
    if (!look) {
      if (!this.overlay.visible) return false;
      this.overlay.visible = false;
      return true;
    }
    const u = this.material.uniforms;
    u.offset!.value = look.offset;
    // Moving, only the offset changes (every frame, per mesh): the rest is written when the effect is new.
    if (was?.effect !== look.effect) {
      const e = look.effect;
      const axis = AXIS_INDEX[e.axis];
      // Arrows bend across the part's wider other side (a belt's width, not its thickness).
      const others = [0, 1, 2].filter((i) => i !== axis);
      const across = this.size.getComponent(others[0]!) >= this.size.getComponent(others[1]!) ? others[0]! : others[1]!;
      u.axis!.value = axis;
      u.acrossAxis!.value = across;
      writeFlowPattern(u as unknown as ReturnType<typeof flowPatternUniforms>, e);
    }
    this.overlay.visible = true;
    return !wasVisible || was === null || was.offset !== look.offset || was.effect !== look.effect;
  }

  dispose(): void {
    this.overlay.removeFromParent();
    this.material.dispose();
  }
}

/** Meshes a motion indicator can be drawn over: plain meshes with positions (not skinned, not instanced, not helpers). */
export function flowable(o: Drawable): o is Drawable & { geometry: BufferGeometry } {
  const m = o as Drawable & { isMesh?: boolean; isSkinnedMesh?: boolean; isInstancedMesh?: boolean; geometry?: BufferGeometry };
  return m.isMesh === true && !m.isSkinnedMesh && !m.isInstancedMesh && !isHelperObject(o) && !!m.geometry?.getAttribute('position');
}
