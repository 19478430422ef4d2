import { BufferGeometry, DoubleSide, Float32BufferAttribute, Mesh, ShaderMaterial, Vector3, type Object3D } from 'three';
import { asHelperOverlay, FLOW_FRAGMENT, flowPatternUniforms, writeFlowPattern, type FlowLook } from './rule-flow';

const VERTEX = /* glsl */ `
attribute float along;
attribute float across;
varying float vAlong;
varying float vAcross;
void main() {
  vAlong = along;
  vAcross = abs(across);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

const UP = new Vector3(0, 1, 0);
const X = new Vector3(1, 0, 0);

/**
 * A flat band `width` wide along the points (model units), one quad per segment: `along` is the
 * distance from the first point, `across` the distance from the middle line. Its width lies
 * level (across the segment and up), or along x for a vertical segment.
 */
export function pathBand(points: readonly { x: number; y: number; z: number }[], width: number): BufferGeometry {
  const positions: number[] = [];
  const along: number[] = [];
  const across: number[] = [];
  const indices: number[] = [];
  const a = new Vector3();
  const b = new Vector3();
  const dir = new Vector3();
  const side = new Vector3();
  let travelled = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    a.set(points[i]!.x, points[i]!.y, points[i]!.z);
    b.set(points[i + 1]!.x, points[i + 1]!.y, points[i + 1]!.z);
    const length = dir.subVectors(b, a).length();
    if (length === 0) continue;
    side.crossVectors(dir, UP);
    if (side.lengthSq() < 1e-12 * length * length) side.crossVectors(dir, X);
    side.setLength(width / 2);
    const base = positions.length / 3;
    for (const [p, s] of [
      [a, -1],
      [a, 1],
      [b, -1],
      [b, 1],
    ] as const) {
      positions.push(p.x + side.x * s, p.y + side.y * s, p.z + side.z * s);
      along.push(p === a ? travelled : travelled + length);
      across.push((s * width) / 2);
    }
    indices.push(base, base + 2, base + 1, base + 1, base + 2, base + 3);
    travelled += length;
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.setAttribute('along', new Float32BufferAttribute(along, 1));
  g.setAttribute('across', new Float32BufferAttribute(across, 1));
  g.setIndex(indices);
  return g;
}

/**
 * A motion indicator along a path of points (a flow effect with `path`), for a flow where the
 * model has no part to draw it on: the pattern of rule-flow.ts on a band of its own, a helper
 * child of the model (moved, shown and picked with none of its parts). Hidden while its rule does
 * not apply; moving it only writes a uniform.
 */
export class PathFlow {
  private readonly mesh: Mesh;
  private readonly material: ShaderMaterial;
  private shown: FlowLook | null = null;

  constructor(parent: Object3D, points: readonly { x: number; y: number; z: number }[], width: number) {
    this.material = new ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FLOW_FRAGMENT,
      uniforms: flowPatternUniforms(),
      side: DoubleSide,
      depthWrite: false,
      toneMapped: false,
    });
    this.mesh = asHelperOverlay(new Mesh(pathBand(points, width), this.material), 'flow-path');
    parent.add(this.mesh);
  }

  /** Show the pattern (null: hidden); true when anything drawn changed. */
  set(look: FlowLook | null): boolean {
    const was = this.shown;
    const wasVisible = this.mesh.visible;
    this.shown = look;
    if (!look) {
      this.mesh.visible = false;
      return wasVisible;
    }
    const u = this.material.uniforms;
    u.offset!.value = look.offset;
    if (was?.effect !== look.effect) writeFlowPattern(u as unknown as ReturnType<typeof flowPatternUniforms>, look.effect);
    this.mesh.visible = true;
    return !wasVisible || was === null || was.offset !== look.offset || was.effect !== look.effect;
  }

  dispose(): void {
    this.mesh.removeFromParent();
    this.mesh.geometry.dispose();
    this.material.dispose();
  }
}
