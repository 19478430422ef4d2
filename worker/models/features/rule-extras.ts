import {
  AnimationMixer,
  EdgesGeometry,
  LineBasicMaterial,
  LineSegments,
  type AnimationAction,
  type AnimationClip,
  type BufferGeometry,
  type Mesh,
  type Object3D,
} from 'three';
import { setColour } from '../../util/colour';
import { HELPER_FLAG } from '../types';
import { EDGE_THRESHOLD_DEG } from './edges';

/**
 * The outline effect over ONE mesh: its sharp edges as lines (the edges feature's threshold), a
 * child of the mesh so it follows the part, drawn over everything like the editor's selection
 * outline. Hidden while no rule asks for it; a colour change writes the line material only.
 * Meshes sharing a geometry share its edges (`edges`, owned by the caller).
 */
export class OutlineLines {
  private readonly line: LineSegments;
  private readonly material = new LineBasicMaterial({ depthTest: false, transparent: true, toneMapped: false, fog: false });
  private shown: string | null = null;

  constructor(mesh: Mesh, edges: Map<BufferGeometry, BufferGeometry>) {
    let geometry = edges.get(mesh.geometry);
    if (!geometry) edges.set(mesh.geometry, (geometry = new EdgesGeometry(mesh.geometry, EDGE_THRESHOLD_DEG)));
    this.line = new LineSegments(geometry, this.material);
    this.line.name = 'rule-outline';
    this.line.visible = false;
    this.line.renderOrder = 2;
    this.line.userData[HELPER_FLAG] = true;
    this.line.raycast = () => {};
    mesh.add(this.line);
  }

  /** The outline's colour (null: hidden); true when anything drawn changed. */
  set(colour: string | null): boolean {
    if (colour === this.shown) return false;
    this.shown = colour;
    this.line.visible = colour !== null;
    if (colour) setColour(this.material.color, colour);
    return true;
  }

  dispose(): void {
    this.line.removeFromParent();
    this.material.dispose();
  }
}

/**
 * The clips the rules play: one mixer of their own on the model (apart from animationConfig's, so
 * a rule ending stops only what it started: the pose as loaded comes back). `set` gets the clips
 * wanted now with their time scales; a clip not wanted stops.
 */
export class RuleClips {
  private readonly mixer: AnimationMixer;
  private readonly actions = new Map<string, AnimationAction>();

  constructor(
    root: Object3D,
    private readonly clips: readonly AnimationClip[],
  ) {
    this.mixer = new AnimationMixer(root);
  }

  has(name: string): boolean {
    return this.clips.some((c) => c.name === name);
  }

  /** Clip name -> time scale for the clips that play now. True when anything started or stopped. */
  set(wanted: ReadonlyMap<string, number>): boolean {
    let changed = false;
    for (const [name, action] of this.actions) {
      if (wanted.has(name)) continue;
      action.stop();
      this.actions.delete(name);
      changed = true;
    }
    for (const [name, scale] of wanted) {
      let action = this.actions.get(name);
      if (!action) {
        const clip = this.clips.find((c) => c.name === name);
        if (!clip) continue;
        this.actions.set(name, (action = this.mixer.clipAction(clip)));
        action.play();
        changed = true;
      }
      action.timeScale = scale;
    }
    return changed;
  }

  /** Some clip plays and moves (a time scale of 0 holds its pose). */
  running(): boolean {
    for (const a of this.actions.values()) if (a.isRunning() && a.timeScale !== 0) return true;
    return false;
  }

  tick(dt: number): void {
    if (this.actions.size) this.mixer.update(dt);
  }

  dispose(): void {
    this.mixer.stopAllAction();
    this.mixer.uncacheRoot(this.mixer.getRoot());
    this.actions.clear();
  }
}
