// `dash3d/editor`: what a dashboard editor adds to a viewer (`dash3d/space`): the plug-in contract,
// whose widget descriptors carry each widget's settings panel (loaded when first shown, antd with
// it), and the media-library client the panels upload through.
export { createThreeDPlugin, MODEL_EVENTS, SPACE_EVENTS } from '../plugin';
export type {
  ThreeDHost,
  VariableSource,
  MediaAccess,
  UserCodePolicy,
  PackageFiles,
  WidgetDescriptor,
  WidgetViewProps,
  WidgetSettingsProps,
} from '../host/types';

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
} from '../media/client';
export { UploadError } from '../media/xhr';
