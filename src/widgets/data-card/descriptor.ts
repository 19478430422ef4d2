import { CARD_WIDGET } from '../../../shared/schema/dashboard';
import { defineWidget } from '../descriptor';
import { DataCardWidget } from './DataCardWidget';
import { lazySettings } from '../lazySettings';

/** The data card: labelled live values beside a point of the scene. */
export const cardWidget = defineWidget({
  type: CARD_WIDGET,
  title: 'widgets.card.title',
  View: DataCardWidget,
  // Loaded when first shown (lazySettings): a viewer never pays for it.
  Settings: lazySettings('settings-card', () => import('./DataCardSettings').then((m) => m.DataCardSettings)),
  // A click on the card in the scene, or Enter/Space on its mirror: payload { id }.
  events: ['click'],
});
