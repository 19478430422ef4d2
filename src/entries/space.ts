// `dash3d/space`: what a page that shows dashboards needs, and nothing it does not: the 3D space
// and the widgets' views, a saved dashboard's schema, the texts. No settings panel, no material
// editor, no antd, no media-library client: a host's bundler that keeps whole modules a barrel
// reaches (esbuild with code splitting) loads only this for a viewer (docs/host-guide.md, "What a viewer loads").
export { ThreeDSpace } from '../widgets/space/ThreeDSpace';
export type { ThreeDSpaceHandle, ThreeDSpaceProps } from '../widgets/space/ThreeDSpace';
export type { CardFeed } from '../bridge/cards';
export { DEFAULT_LIVE_CONTEXTS, setLiveContextCap, liveContexts } from '../bridge/visibility';

// The widgets' views (what createThreeDPlugin's descriptors carry as View), one by one and by type.
export { SpaceWidget, ModelWidget, DataCardWidget, GroupWidget, WIDGET_VIEWS } from '../widgets/views';
export { SPACE_EVENTS } from '../widgets/space/SpaceWidget';
export { MODEL_EVENTS } from '../widgets/model/events';
export { useSpace, type SpaceMesh, type SpaceContextValue } from '../widgets/space/SpaceContext';
export { useVariable } from '../host/useVariable';
export type { ThreeDHost, VariableSource, MediaAccess, UserCodePolicy, PackageFiles, WidgetViewProps } from '../host/types';

// A saved dashboard, checked; each widget's config schema (its defaults: `SpaceConfigSchema.parse({})`).
export {
  parseDashboard,
  DashboardSchema,
  WIDGET_CONFIG_SCHEMAS,
  WIDGET_TYPES,
  SPACE_WIDGET,
  MODEL_WIDGET,
  CARD_WIDGET,
  GROUP_WIDGET,
  type Dashboard,
  type DashboardInput,
  type ParseDashboardResult,
  type Widget,
  type WidgetInput,
  type WidgetType,
} from '../../shared/schema/dashboard';
export { SpaceConfigSchema, type SpaceConfig, type SpaceConfigInput } from '../../shared/schema/space';
export { ModelConfigSchema, type ModelConfig, type ModelConfigInput } from '../../shared/schema/model';
export { CardConfigSchema, type CardConfig, type CardConfigInput } from '../../shared/schema/card';
export { GroupConfigSchema, type GroupConfig, type GroupConfigInput } from '../../shared/schema/group';
export { t, describeIssues, isMessageKey, interpolate, type Locale, type MessageKey } from '../../shared/i18n';
export { chooseMainFile, type ChosenFile } from '../../shared/model-files';
