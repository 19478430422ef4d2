// Public exports of the dash3d plug-in (`dash3d`): everything; the subpaths dash3d/space,
// dash3d/editor and dash3d/material-editor each hold a part of it (src/entries/). The main bundle
// never contains three.js.
export { ThreeDSpace } from './widgets/space/ThreeDSpace';
export type { ThreeDSpaceHandle, ThreeDSpaceProps } from './widgets/space/ThreeDSpace';
// A live source of data cards for ThreeDSpace's cardFeed (the values of many cards, cheaply).
export type { CardFeed } from './bridge/cards';
export { DEFAULT_LIVE_CONTEXTS, setLiveContextCap, liveContexts } from './bridge/visibility';
export * from '../shared/schema';
export * from '../shared/protocol';
// The plug-in's texts in both locales, for a host that shows them (a document's load issues) or
// narrows its own strings to message keys.
export { t, describeIssues, isMessageKey } from '../shared/i18n';
export type { Locale, MessageKey } from '../shared/i18n';
// Which file of a model's source is the model: a host names a model widget the way the plug-in does.
export { chooseMainFile, type ChosenFile } from '../shared/model-files';

// The plug-in contract: createThreeDPlugin(host) gives the widget descriptors a host editor lists.
export { createThreeDPlugin, MODEL_EVENTS, SPACE_EVENTS } from './plugin';
export type {
  ThreeDHost,
  VariableSource,
  MediaAccess,
  UserCodePolicy,
  PackageFiles,
  WidgetDescriptor,
  WidgetViewProps,
  WidgetSettingsProps,
} from './host/types';
export { useSpace, type SpaceMesh, type SpaceContextValue } from './widgets/space/SpaceContext';
// The widgets' views without their descriptors, as dash3d/space has them (src/entries/space.ts).
export { SpaceWidget, ModelWidget, DataCardWidget, GroupWidget, WIDGET_VIEWS } from './widgets/views';
// A host variable's live value in a React component, as the plug-in's widgets read it.
export { useVariable } from './host/useVariable';

// The media-library client (spec §7).
export {
  listCatalog,
  listMaterialRoots,
  uploadFile,
  uploadModelFiles,
  thumbnailUrl,
  fetchAllowedFormats,
  fetchMediaOrigins,
  authHeaders,
  type UploadOptions,
  type ModelUploadOptions,
} from './media/client';
export { UploadError } from './media/xhr';

// The material editor (spec §2): the whole editor, or in a modal as the playground opens it.
export { MaterialEditor, type MaterialEditorProps } from './material-editor/MaterialEditor';
export { MaterialEditorModal, type MaterialEditorModalProps } from './material-editor/MaterialEditorModal';
// The material editor's pieces: a material preview drawn by its own render worker.
export { MaterialPreview, type MaterialPreviewHandle, type MaterialPreviewProps } from './material-editor/MaterialPreview';
export { BUILT_IN_ENVIRONMENT } from './material-editor/environment';
// Thumbnails for hosts' own material lists: one hidden engine for all, cached by content.
export { MaterialThumbnail, type MaterialThumbnailProps } from './material-editor/MaterialThumbnail';
export { createThumbnailRenderer, type ThumbnailRenderer, type ThumbnailRendererOptions } from './material-editor/thumbnails';
