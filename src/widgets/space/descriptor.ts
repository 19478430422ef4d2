import { CARD_WIDGET, GROUP_WIDGET, MODEL_WIDGET, SPACE_WIDGET } from '../../../shared/schema/dashboard';
import { defineWidget } from '../descriptor';
import { SPACE_EVENTS, SpaceWidget } from './SpaceWidget';
import { lazySettings } from '../lazySettings';

/** The 3D space container: it holds the models, data cards and component groups placed in it. */
export const spaceWidget = defineWidget({
  type: SPACE_WIDGET,
  title: 'widgets.space.title',
  accepts: [MODEL_WIDGET, CARD_WIDGET, GROUP_WIDGET],
  View: SpaceWidget,
  // Loaded when first shown (lazySettings): a viewer never pays for it.
  Settings: lazySettings('settings-space', () => import('./settings/SpaceSettings').then((m) => m.SpaceSettings)),
  events: SPACE_EVENTS,
});
