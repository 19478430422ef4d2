import type { ChildBounds, EngineEvent, GizmoOptions } from '../../shared/protocol';
import { toIssues, type SchemaIssue } from '../../shared/schema/common';
import { ModelConfigSchema, type ModelConfig } from '../../shared/schema/model';
import { SpaceConfigSchema, type SpaceConfig } from '../../shared/schema/space';
import { repairParse } from '../../shared/schema/repair';
import { ModelLimitsSchema, type ModelLimits } from '../../shared/schema/limits';
import type { ModelRegistry } from '../models/registry';
import type { Stage } from './stage';

/*
 * What the engine keeps outside any stage, so a stage rebuilt (a restored context, a new script)
 * gets it all again: the space's config, the model widgets, and what the host's editor asked for. The overlays' input
 * (overlays/kept.ts) and the material preview's (materials/preview/kept.ts) are kept the same way.
 * Each change is checked here and handed on to the stage drawing now, if any (null: none while
 * the context is lost).
 */

/** The space's config: the last valid one, and the sections as sent (what a patch is merged into). */
export class KeptConfig {
  private input: Record<string, unknown>;
  private config: SpaceConfig;

  /** Any stored config: what does not parse is repaired to its defaults, and reported. */
  constructor(
    input: unknown,
    private readonly emit: (e: EngineEvent) => void,
  ) {
    const { value, issues } = repairParse(SpaceConfigSchema, input);
    if (issues.length) emit({ type: 'config-rejected', issues });
    this.config = value;
    this.input = structuredClone(value);
  }

  get current(): SpaceConfig {
    return this.config;
  }

  /** Replace top-level sections. An invalid patch keeps the last valid config and names the fields. */
  patch(patch: unknown): { ok: true; previous: SpaceConfig } | { ok: false; issues: SchemaIssue[] } {
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      return { ok: false, issues: [{ path: '(root)', message: 'msg.invalidConfig' }] };
    }
    const merged = { ...this.input, ...(patch as Record<string, unknown>) };
    const r = SpaceConfigSchema.safeParse(merged);
    if (!r.success) {
      const issues = toIssues(r.error);
      this.emit({ type: 'config-rejected', issues });
      return { ok: false, issues };
    }
    const previous = this.config;
    this.input = merged;
    this.config = r.data;
    return { ok: true, previous };
  }
}

/** Model widgets by id, last valid config each, and the host's caps on every model. */
export class KeptModels {
  private readonly configs = new Map<string, ModelConfig>();
  /** Per-model caps (shared/schema/limits.ts), parsed. */
  readonly limits: ModelLimits;

  constructor(
    limits: unknown,
    private readonly emit: (e: EngineEvent) => void,
    /** Rules a model gets from elsewhere (data cards' levels that tint its parts: card-tints.ts), after its own. */
    private readonly extra: { rulesFor(id: string): Record<string, unknown>[] } = { rulesFor: () => [] },
  ) {
    // Never trust the main thread: a cap that does not parse leaves the defaults, and says so.
    const parsed = repairParse(ModelLimitsSchema, limits ?? {});
    if (parsed.issues.length) emit({ type: 'config-rejected', issues: parsed.issues.map((i) => ({ ...i, path: `limits.${i.path}` })) });
    this.limits = parsed.value;
  }

  /** Add or update a model widget. An invalid config keeps the model's last valid one. */
  set(id: string, input: unknown, models: ModelRegistry | null): { ok: true } | { ok: false; issues: SchemaIssue[] } {
    const r = ModelConfigSchema.safeParse(input);
    if (!r.success) {
      const issues = toIssues(r.error);
      this.emit({ type: 'model-rejected', id, issues });
      return { ok: false, issues };
    }
    this.configs.set(id, r.data);
    models?.set(id, this.withExtras(id, r.data));
    return { ok: true };
  }

  /** These models' extra rules changed: set again (a model feature applies only the slices that changed). */
  refresh(ids: Iterable<string>, models: ModelRegistry | null): void {
    for (const id of ids) {
      const config = this.configs.get(id);
      if (config) models?.set(id, this.withExtras(id, config));
    }
  }

  private withExtras(id: string, config: ModelConfig): ModelConfig {
    const extra = this.extra.rulesFor(id);
    return extra.length ? { ...config, rules: [...config.rules, ...extra] } : config;
  }

  remove(id: string, models: ModelRegistry | null): void {
    this.configs.delete(id);
    models?.remove(id);
  }

  restore(models: ModelRegistry): void {
    for (const [id, config] of this.configs) models.set(id, this.withExtras(id, config));
  }
}

/** The stage's aids to the host's editor. */
type EditAids = Pick<Stage, 'childBounds' | 'selection' | 'gizmo'>;

/** The host editor's asks: whether it watches the children's bounds, the selected child, the gizmo's options. */
export class KeptEditing {
  private watching = false;
  private selected: string | null = null;
  private gizmo: GizmoOptions = { enabled: false, mode: 'translate', snap: false, space: 'world' };

  /** Report where the 3D children are drawn ('child-bounds' events), or stop. */
  watchChildren(on: boolean, stage: EditAids | null): Record<string, ChildBounds> {
    this.watching = on;
    stage?.childBounds.track(on);
    return on && stage ? stage.childBounds.current() : {};
  }

  /** The child selected in the host's editor (outlined in the scene), or null. */
  select(id: string | null, stage: EditAids | null): void {
    this.selected = id;
    if (!stage) return;
    stage.selection.select(id);
    stage.gizmo.set(id, this.gizmo);
  }

  /** The gizmo's options (edit mode, mode, snapping, space). */
  setGizmo(options: GizmoOptions, stage: EditAids | null): void {
    this.gizmo = options;
    stage?.gizmo.set(this.selected, options);
  }

  restore(stage: EditAids): void {
    stage.childBounds.track(this.watching);
    stage.selection.select(this.selected);
    stage.gizmo.set(this.selected, this.gizmo);
  }
}
