import type { EngineEvent, ModelTransform } from '../../../shared/protocol';
import type { SchemaIssue } from '../../../shared/schema/common';
import { ChunkFailureSchema } from '../../../shared/schema/chunks';
import { ChunkLoadError } from '../../../shared/chunks';
import type { ModelEngineEvent } from './modelEvents';
import type { NoticeSink } from './useNotices';
import type { ChildBounds, GroupTransform } from '../../../shared/overlays';

/** Material code the worker did not run because user code is off (for the consent notice). */
export interface HeldMaterialCode {
  what: 'shaderCode' | 'frameScript';
  file: string;
}

/** What a space does with its engine's events. */
export interface SpaceEventTargets {
  progress(p: { loaded: number; total: number }): void;
  ready(): void;
  /** The engine refused the config it was sent: these fields are wrong. */
  rejected(issues: SchemaIssue[]): void;
  notices: NoticeSink;
  held(code: HeldMaterialCode): void;
  chunkFailed(err: ChunkLoadError): void;
  /** The engine cannot go on. */
  fatal(): void;
  /** The space's one model event handler (modelEvents.ts). */
  model(e: ModelEngineEvent): void;
  /** A data card in the scene was clicked (its widget id). */
  card(id: string): void;
  /** Where the component groups' elements go now (useSpaceGroups.ts). */
  groups?(transforms: Record<string, GroupTransform>): void;
  /** Where the 3D children are drawn now (childWatch.ts), while a host watches. */
  children?(bounds: Record<string, ChildBounds | null>): void;
  /** The space's script threw (or did not compile): the panel's script editor shows it on its line. */
  scriptError?(e: { hook: unknown; message: unknown; line?: unknown }): void;
  /** The transform gizmo moved a model (live), or let it go (final). */
  modelTransform?(t: ModelTransform, final: boolean): void;
  /** The pointer is on a gizmo handle (true) or not. */
  gizmoHover?(on: boolean): void;
  /** Whether a gizmo handle took a finger's press (the engine's 'gizmo-press'). */
  gizmoPress?(taken: boolean): void;
  /** The space's script reads these host variables: the page forwards them (useSpaceVariables.ts). */
  variablesWanted?(names: unknown): void;
}

/** A space's handler of its engine's events: each kind is read here, once. */
export function createSpaceEvents(to: SpaceEventTargets): (e: EngineEvent) => void {
  return (e) => {
    switch (e.type) {
      case 'progress':
        return to.progress({ loaded: e.loaded, total: e.total });
      case 'ready':
        return to.ready();
      case 'config-rejected':
        return to.rejected(e.issues);
      case 'context-lost':
        return to.notices.add({ key: 'notice.contextLost' });
      case 'context-restored':
        return to.notices.drop('notice.contextLost');
      case 'script-error':
        console.error(`[dash3d] script error in ${e.hook}:`, e.message);
        to.scriptError?.(e);
        return to.notices.add({ key: 'error.script', detail: `${e.hook}: ${e.message}` });
      case 'log':
        return console[e.level]('[dash3d script]', e.message);
      case 'user-code-held':
        return to.held({ what: e.what, file: e.file });
      case 'chunk-failed': {
        // Sent by the worker: checked before it is shown.
        const r = ChunkFailureSchema.safeParse(e.failure);
        if (r.success) to.chunkFailed(new ChunkLoadError(r.data));
        return;
      }
      case 'error':
        console.error('[dash3d]', e.code, e.message);
        if (e.fatal) to.fatal();
        return;
      case 'card-click':
        // Sent by the worker: only an id the space holds means anything (the space checks).
        if (typeof e.id === 'string') to.card(e.id);
        return;
      case 'group-transforms':
        return to.groups?.(e.transforms);
      case 'child-bounds':
        return to.children?.(e.bounds);
      case 'gizmo-hover':
        return to.gizmoHover?.(typeof e.axis === 'string');
      case 'gizmo-press':
        return to.gizmoPress?.(e.taken === true);
      case 'model-transform': {
        // Sent by the worker: only finite numbers reach a panel or a config.
        const { id, position, rotation, scale, final } = e;
        const ok = [position, rotation, scale].every((v) => v && [v.x, v.y, v.z].every((n) => typeof n === 'number' && Number.isFinite(n)));
        if (typeof id === 'string' && ok) to.modelTransform?.({ id, position, rotation, scale }, final === true);
        return;
      }
      case 'variables-wanted':
        // Sent by the worker: checked where they are used (variableForwarder.ts).
        return to.variablesWanted?.(e.names);
      case 'script-activity':
      case 'worker-start':
        // The heartbeat's business (src/bridge/heartbeat.ts).
        return;
      case 'frame-script-errors':
        // The material editor's business (src/material-editor/code/useCodeStatus.ts).
        return;
      default:
        return to.model(e);
    }
  };
}
