import type { VariableValue } from '../../shared/schema/variables';

/** What a model's rules see of the host variables: values, when they changed, and a subscription. */
export interface VariableReader {
  get(name: string): VariableValue | undefined;
  /** performance.now() of the last change of `name` (0: none seen since the engine started). */
  changedAt(name: string): number;
  /** Called once per batch with the names whose values changed. Returns an unsubscribe function. */
  subscribe(fn: (changed: ReadonlySet<string>) => void): () => void;
}

/**
 * The host variables the page forwarded (RenderApi.setVariables), kept by the engine across stage
 * rebuilds so a restored context finds them. A batch that changes nothing notifies nobody.
 */
export class VariableHub implements VariableReader {
  private readonly values = new Map<string, VariableValue>();
  private readonly changed = new Map<string, number>();
  private readonly listeners = new Set<(changed: ReadonlySet<string>) => void>();
  private batches = 0;

  /** For stats(): batches received, variables held. */
  stats(): { batches: number; held: number } {
    return { batches: this.batches, held: this.values.size };
  }

  set(batch: ReadonlyMap<string, VariableValue>, now = performance.now()): void {
    this.batches++;
    const names = new Set<string>();
    for (const [name, value] of batch) {
      if (this.values.has(name) && Object.is(this.values.get(name), value)) continue;
      this.values.set(name, value);
      this.changed.set(name, now);
      names.add(name);
    }
    if (names.size === 0) return;
    for (const fn of [...this.listeners]) {
      try {
        fn(names);
      } catch (err) {
        // One model's rules must not keep the others from hearing of the change.
        console.error('[dash3d] a variable listener failed', err);
      }
    }
  }

  get(name: string): VariableValue | undefined {
    return this.values.get(name);
  }

  changedAt(name: string): number {
    return this.changed.get(name) ?? 0;
  }

  subscribe(fn: (changed: ReadonlySet<string>) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
