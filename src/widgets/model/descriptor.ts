import { MODEL_WIDGET } from '../../../shared/schema/dashboard';
import { defineWidget } from '../descriptor';
import { ModelWidget } from './ModelWidget';
import { MODEL_EVENTS } from './events';
import { lazySettings } from '../lazySettings';

/** The 3D model. Its parent is not enforced: placed elsewhere, it says it belongs in a 3D space (spec §2). */
export const modelWidget = defineWidget({
  type: MODEL_WIDGET,
  title: 'widgets.model.title',
  View: ModelWidget,
  // Loaded when first shown (lazySettings): a viewer never pays for it.
  Settings: lazySettings('settings-model', () => import('./ModelSettings').then((m) => m.ModelSettings)),
  events: MODEL_EVENTS,
});
