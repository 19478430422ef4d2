import type { Object3D } from 'three';
import type { ModelConfig } from '../../shared/schema/model';
import type { EngineContext } from '../engine/context';
import { ModelNode } from './node';
import { createPicker } from './features/picking';
import { pickPointAt } from './features/pick-point';
import { parserStalls, parserWarmed } from './load/index';
import type { PickedPoint } from '../../shared/protocol';
import type { ModelLimits } from '../../shared/schema/limits';
import type { VariableReader } from '../engine/variables';

/** The model widgets of one stage, and the picking shared by all of them (nearest hit wins). */
export class ModelRegistry {
  private readonly nodes = new Map<string, ModelNode>();
  private readonly picker;

  constructor(
    private readonly ctx: EngineContext,
    private readonly onLoaded: (id: string, object: Object3D) => void,
    private readonly limits: ModelLimits,
    /** True where a click belongs to something drawn over the models (a data card), not to them. */
    clickClaimed?: (p: { x: number; y: number }) => boolean,
    /** The host variables the page forwards, for the models' rules. */
    private readonly variables?: VariableReader,
  ) {
    this.picker = createPicker(ctx, () => this.nodes.values(), clickClaimed);
  }

  set(id: string, config: ModelConfig): void {
    let node = this.nodes.get(id);
    if (!node) {
      node = new ModelNode(
        id,
        this.ctx,
        {
          loaded: (mid, object) => this.onLoaded(mid, object),
          prepare: (object) => this.picker.prepare(object),
        },
        this.limits,
        this.variables,
      );
      this.nodes.set(id, node);
    }
    node.set(config);
  }

  remove(id: string): void {
    this.nodes.get(id)?.dispose();
    this.nodes.delete(id);
  }

  get(id: string): ModelNode | undefined {
    return this.nodes.get(id);
  }

  entries(): IterableIterator<[string, ModelNode]> {
    return this.nodes.entries();
  }

  /** "Pick in scene": the surface point under canvas pixel (x, y) (models, else the ground plane). */
  pickPoint(x: number, y: number, exclude?: string, planeY?: number): PickedPoint | null {
    return pickPointAt(this.ctx.camera, this.ctx.size, this.nodes.values(), x, y, exclude, planeY);
  }

  stats(): { total: number; loaded: number; parserWarmed: boolean; parserStalls: number } {
    let loaded = 0;
    for (const n of this.nodes.values()) if (n.object) loaded++;
    return { total: this.nodes.size, loaded, parserWarmed: parserWarmed(), parserStalls: parserStalls() };
  }

  dispose(): void {
    this.picker.dispose();
    for (const n of this.nodes.values()) n.dispose();
    this.nodes.clear();
  }
}
