import type { ComponentType, Ref } from 'react';
import type { WidgetViewProps } from '../host/types';
import { CARD_WIDGET, GROUP_WIDGET, MODEL_WIDGET, SPACE_WIDGET, type WidgetType } from '../../shared/schema/dashboard';
import type { SpaceConfigInput } from '../../shared/schema/space';
import type { ModelConfigInput } from '../../shared/schema/model';
import type { CardConfigInput } from '../../shared/schema/card';
import type { GroupConfigInput } from '../../shared/schema/group';
import type { ThreeDSpaceHandle } from './space/spaceHandle';
import { SpaceWidget as Space } from './space/SpaceWidget';
import { ModelWidget as Model } from './model/ModelWidget';
import { DataCardWidget as DataCard } from './data-card/DataCardWidget';
import { GroupWidget as Group } from './group/GroupWidget';

/*
 * The widgets' views, the components createThreeDPlugin's descriptors carry as `View`, without the
 * descriptors (and their settings panels): what a page that only shows dashboards renders
 * (dash3d/space). A host hands each the config as it stored it, and each parses its own (a wrong
 * field is shown and its default used, never thrown), so they are typed with the schemas' input
 * types, every field optional, where the descriptors take any config.
 */

export const SpaceWidget = Space as ComponentType<WidgetViewProps<SpaceConfigInput> & { ref?: Ref<ThreeDSpaceHandle> }>;
export const ModelWidget = Model as ComponentType<WidgetViewProps<ModelConfigInput>>;
export const DataCardWidget = DataCard as ComponentType<WidgetViewProps<CardConfigInput>>;
export const GroupWidget = Group as ComponentType<WidgetViewProps<GroupConfigInput>>;

/** Each widget type's view, for a saved dashboard's widgets (`WIDGET_VIEWS[widget.type]`). */
export const WIDGET_VIEWS: Record<WidgetType, ComponentType<WidgetViewProps<unknown>>> = {
  [SPACE_WIDGET]: Space,
  [MODEL_WIDGET]: Model,
  [CARD_WIDGET]: DataCard,
  [GROUP_WIDGET]: Group,
} as unknown as Record<WidgetType, ComponentType<WidgetViewProps<unknown>>>;
