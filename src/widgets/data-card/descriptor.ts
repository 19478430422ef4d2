import { CARD_WIDGET } from '../../../shared/schema/dashboard';
import { defineWidget } from '../descriptor';
import { DataCardWidget } from './DataCardWidget';
import { DataCardSettings } from './DataCardSettings';

/** The data card: labelled live values beside a point of the scene. */
export const cardWidget = defineWidget({
  type: CARD_WIDGET,
  title: 'widgets.card.title',
  View: DataCardWidget,
  Settings: DataCardSettings,
  // A click on the card in the scene, or Enter/Space on its mirror: payload { id }.
  events: ['click'],
});
