import { GROUP_WIDGET } from '../../../shared/schema/dashboard';
import { defineWidget } from '../descriptor';
import { GroupWidget } from './GroupWidget';
import { GroupSettings } from './GroupSettings';

/**
 * The component group. It accepts no widget types of ours: its children are the host's own widgets
 * (any type), laid out by the host's layout inheritance.
 */
export const groupWidget = defineWidget({
  type: GROUP_WIDGET,
  title: 'widgets.group.title',
  View: GroupWidget,
  Settings: GroupSettings,
});
