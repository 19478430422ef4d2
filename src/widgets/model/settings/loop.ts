import { LOOP_MODES } from '../../../../shared/schema/model';
import type { useSettings } from '../../../settings/context';

/** The loop modes of clips and keyframe animations, in the panel's language. */
export const loopOptions = (t: ReturnType<typeof useSettings>['t']) =>
  LOOP_MODES.map((mode) => ({ value: mode, label: t(`modelPanel.loop.${mode}`) }));
