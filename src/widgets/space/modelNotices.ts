import type { EngineEvent } from '../../../shared/protocol';
import { DAMAGE_CODES } from '../../../shared/model-notices';
import type { Notice, NoticeText } from './useSpaceEngine';

type ModelEvent = Extract<EngineEvent, { type: 'model-loaded' | 'model-error' | 'model-cleared' | 'model-warning' }>;

/** The scene's corner notice for models whose file is damaged, missing or refused. */
export const SCENE_ERROR = 'ui.sceneError';
/** Per model: 'model.decimated:<id>'. */
const DECIMATED = 'model.decimated:';

/** A coded message travels as a key and parameters, to be shown in the designer's language. */
const textOf = (e: { message: string; code?: string; params?: Record<string, string> }): NoticeText =>
  e.code ? { key: e.code, params: e.params ?? {} } : e.message;

/**
 * What the scene's corner says about its models: the spec's damaged-file text while any model
 * failed or was drawn with damaged embedded data, each model's reason under it; and a notice per
 * model drawn decimated. A model's entries go when it loads again, is cleared or is removed.
 */
export function createModelNotices(notices: { add(n: Notice): void; drop(key: string): void }) {
  const failed = new Map<string, NoticeText>();
  const damaged = new Map<string, NoticeText[]>();
  const decimated = new Set<string>();

  const showSceneError = () => {
    const details = [...failed.values(), ...[...damaged.values()].flat()];
    if (details.length) notices.add({ key: SCENE_ERROR, details });
    else notices.drop(SCENE_ERROR);
  };
  const forgetOne = (id: string) => {
    failed.delete(id);
    damaged.delete(id);
    if (decimated.delete(id)) notices.drop(DECIMATED + id);
  };

  return {
    /** True when the event was a model result or warning (handled here). */
    event(e: ModelEvent): void {
      if (e.type === 'model-warning') {
        if (!e.code) return;
        if (e.code === 'model.decimated') {
          decimated.add(e.id);
          notices.add({ key: DECIMATED + e.id, text: textOf(e) });
          return;
        }
        if (!DAMAGE_CODES.has(e.code)) return;
        const list = damaged.get(e.id) ?? [];
        damaged.set(e.id, [...list, textOf(e)]);
      } else {
        // A new result for the model: what was said about its previous file no longer holds.
        forgetOne(e.id);
        if (e.type === 'model-error') failed.set(e.id, textOf(e));
      }
      showSceneError();
    },
    /** Models no longer in the space send no further event: forget them. */
    keepOnly(present: (id: string) => boolean): void {
      const ids = new Set([...failed.keys(), ...damaged.keys(), ...decimated]);
      let changed = false;
      for (const id of ids) {
        if (present(id)) continue;
        forgetOne(id);
        changed = true;
      }
      if (changed) showSceneError();
    },
    clear(): void {
      for (const id of [...decimated]) notices.drop(DECIMATED + id);
      failed.clear();
      damaged.clear();
      decimated.clear();
      notices.drop(SCENE_ERROR);
    },
  };
}
