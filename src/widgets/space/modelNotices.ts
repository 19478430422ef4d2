import { DAMAGE_CODES, type ModelNoticeCode, type ModelNoticeParams } from '../../../shared/model-notices';
import type { NoticeText } from './noticeText';
import type { NoticeSink } from './useNotices';

/** An engine's message about a model: English text, and a code to show it translated. */
export interface ModelMessage {
  message: string;
  code?: ModelNoticeCode;
  params?: ModelNoticeParams;
}

export type ModelNotices = ReturnType<typeof createModelNotices>;

/** The scene's corner notice for models whose file is damaged, missing or refused. */
export const SCENE_ERROR = 'ui.sceneError';
/** Per model: 'model.decimated:<id>'. */
const DECIMATED = 'model.decimated:';

/** A coded message travels as a key and parameters, to be shown in the designer's language. */
const textOf = (e: ModelMessage): NoticeText => (e.code ? { key: e.code, params: e.params ?? {} } : e.message);

/**
 * What the scene's corner says about its models: the spec's damaged-file text while any model
 * failed or was drawn with damaged embedded data, each model's reason under it; and a notice per
 * model drawn decimated. A model's entries go when it loads again, is cleared or is removed.
 */
export function createModelNotices(notices: NoticeSink) {
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
    /**
     * A new result for the model (loaded, cleared, or `error`): what was said about its previous
     * file no longer holds.
     */
    result(id: string, error?: ModelMessage): void {
      forgetOne(id);
      if (error) failed.set(id, textOf(error));
      showSceneError();
    },
    /** Something the model lives without: shown when it is coded as decimation or damage. */
    warning(id: string, w: ModelMessage): void {
      if (w.code === 'model.decimated') {
        decimated.add(id);
        notices.add({ key: DECIMATED + id, text: textOf(w) });
      } else if (w.code && DAMAGE_CODES.has(w.code)) {
        damaged.set(id, [...(damaged.get(id) ?? []), textOf(w)]);
        showSceneError();
      }
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
