import type { ThreeDHost, WidgetDescriptor } from './host/types';
import { LOCALES, t, type Locale, type MessageKey } from '../shared/i18n';
import {
  CARD_WIDGET,
  GROUP_WIDGET,
  MODEL_WIDGET,
  SPACE_WIDGET,
  WIDGET_INITIAL_LAYOUT,
  WIDGET_PERMISSION,
  type WidgetType,
} from '../shared/schema/dashboard';
import { SpaceConfigSchema } from '../shared/schema/space';
import { ModelConfigSchema } from '../shared/schema/model';
import { CardConfigSchema } from '../shared/schema/card';
import { GroupConfigSchema } from '../shared/schema/group';
import { SPACE_EVENTS, SpaceWidget } from './widgets/space/SpaceWidget';
import { SpaceSettings } from './widgets/space/settings/SpaceSettings';
import { MODEL_EVENTS, ModelWidget } from './widgets/model/ModelWidget';
import { ModelSettings } from './widgets/model/ModelSettings';
import { DataCardWidget } from './widgets/data-card/DataCardWidget';
import { DataCardSettings } from './widgets/data-card/DataCardSettings';
import { GroupWidget } from './widgets/group/GroupWidget';
import { GroupSettings } from './widgets/group/GroupSettings';

export { MODEL_EVENTS, SPACE_EVENTS };

const title = (key: MessageKey) =>
  Object.fromEntries(LOCALES.map((l) => [l, t(l, key)])) as Record<Locale, string>;

const layout = (type: WidgetType, resizable: boolean) => ({ ...WIDGET_INITIAL_LAYOUT[type], resizable });

/**
 * The host stores and hands back each widget's config without looking into it, so a descriptor is
 * listed with its config type erased; the schema it carries is what checks a config.
 */
const erase = <C>(d: WidgetDescriptor<C>) => d as unknown as WidgetDescriptor;

/**
 * The plug-in's widgets for this host: the 3D space container, model, data card and (only where the
 * host supports layout inheritance, spec §2) component group. Each needs the `threeD` permission
 * (spec §6); without it nothing is offered. The answer reflects the host at call time: a host
 * whose user or permissions change calls this again.
 */
export function createThreeDPlugin(host: ThreeDHost): { widgets: WidgetDescriptor[] } {
  const all = [
    erase({
      type: SPACE_WIDGET,
      title: title('widgets.space.title'),
      permission: WIDGET_PERMISSION,
      layout: layout(SPACE_WIDGET, true),
      schema: SpaceConfigSchema,
      defaults: () => SpaceConfigSchema.parse({}),
      accepts: [MODEL_WIDGET, CARD_WIDGET, GROUP_WIDGET],
      parents: [],
      View: SpaceWidget,
      Settings: SpaceSettings,
      events: SPACE_EVENTS,
    }),
    erase({
      type: MODEL_WIDGET,
      title: title('widgets.model.title'),
      permission: WIDGET_PERMISSION,
      layout: layout(MODEL_WIDGET, true),
      schema: ModelConfigSchema,
      defaults: () => ModelConfigSchema.parse({}),
      accepts: [],
      // Not enforced: placed elsewhere, the model says it belongs in a 3D space (spec §2).
      parents: [],
      View: ModelWidget,
      Settings: ModelSettings,
      events: MODEL_EVENTS,
    }),
    erase({
      type: CARD_WIDGET,
      title: title('widgets.card.title'),
      permission: WIDGET_PERMISSION,
      layout: layout(CARD_WIDGET, true),
      schema: CardConfigSchema,
      defaults: () => CardConfigSchema.parse({}),
      accepts: [],
      parents: [],
      View: DataCardWidget,
      Settings: DataCardSettings,
      events: [],
    }),
  ];
  if (host.supportsLayoutInheritance) {
    all.push(
      erase({
        type: GROUP_WIDGET,
        title: title('widgets.group.title'),
        permission: WIDGET_PERMISSION,
        layout: layout(GROUP_WIDGET, true),
        schema: GroupConfigSchema,
        defaults: () => GroupConfigSchema.parse({}),
        // Its children are the host's own widgets (any type), laid out by the host's inheritance.
        accepts: [],
        parents: [],
        View: GroupWidget,
        Settings: GroupSettings,
        events: [],
      }),
    );
  }
  return { widgets: all.filter((w) => host.hasPermission(w.permission)) };
}
