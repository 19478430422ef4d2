import { GROUP_WIDGET } from '../../../shared/schema/dashboard';
import { defineWidget } from '../descriptor';
import { GroupWidget } from './GroupWidget';
import { lazySettings } from '../lazySettings';

/**
 * The component group. It accepts no widget types of ours: its children are the host's own widgets
 * (any type), laid out by the host's layout inheritance.
 */
export const groupWidget = defineWidget({
  type: GROUP_WIDGET,
  title: 'widgets.group.title',
  View: GroupWidget,
  // Loaded when first shown (lazySettings): a viewer never pays for it.
  Settings: lazySettings('settings-group', () => import('./GroupSettings').then((m) => m.GroupSettings)),
});
