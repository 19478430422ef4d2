// `dash3d/material-editor`: the material editor (spec §2), whole or in a modal, and its pieces a
// host may place apart: the preview drawn by its own render worker, and thumbnails for the host's
// own material lists. antd and the code editors come with it.
export { MaterialEditor, type MaterialEditorProps } from '../material-editor/MaterialEditor';
export { MaterialEditorModal, type MaterialEditorModalProps } from '../material-editor/MaterialEditorModal';
export { MaterialPreview, type MaterialPreviewHandle, type MaterialPreviewProps } from '../material-editor/MaterialPreview';
export { BUILT_IN_ENVIRONMENT } from '../material-editor/environment';
export { MaterialThumbnail, type MaterialThumbnailProps } from '../material-editor/MaterialThumbnail';
export { createThumbnailRenderer, type ThumbnailRenderer, type ThumbnailRendererOptions } from '../material-editor/thumbnails';
// A material as the editor edits it and the library stores it.
export { MaterialSchema, type Material, type MaterialInput } from '../../shared/schema/material';
