import type { MSG } from '../schema/common';
import { widgets } from './parts/widgets';
import { documents } from './parts/documents';
import { modelLimits } from './parts/model-limits';
import { chunks } from './parts/chunks';
import { pick } from './parts/pick';

type SchemaMessageKey = (typeof MSG)[keyof typeof MSG];

/**
 * English texts. The spec's own texts are kept word for word; `satisfies` makes a schema message
 * key without a text a type error. Placeholders are written `{name}` and filled by `t`.
 * Only texts of the package itself belong here: every host ships this catalogue, so the
 * playground's own texts are in its own catalogue (playground/i18n). And only what a viewer shows
 * (the widgets, their notices, errors and schema messages): every viewer page loads this catalogue
 * before its first frame, so the settings panels' and the material editor's texts are in theirs
 * (./editor.ts), which only the editor's modules import.
 */
export const en = {
  // Schema messages (shared/schema/common.ts MSG).
  'msg.valueRange': 'Exceeding the value range',
  'msg.notAColour': 'Not a valid colour',
  'msg.nameEmpty': 'The name cannot be empty',
  'msg.snapshotNameExists': 'The snapshot name already exists',
  'msg.nameDuplicated': 'The name cannot be duplicated',
  'msg.targetMustBeFolder': 'The target file must be a folder',
  'msg.sameFolderMove': 'Do not support moving within the same folder',
  'msg.unsupportedFormat': 'unsupported file format not configured in the media library: {ext}',
  'msg.invalidConfig': 'Invalid setting',
  'msg.farNotBeyondNear': 'Far must be greater than near',
  'msg.minAboveMax': 'The minimum cannot be greater than the maximum',

  // Widgets and scene.
  'ui.placeInSpace': 'Please place it in a 3D space',
  'ui.doubleClickToEdit': 'double click to edit',
  'ui.editGroup': 'Edit 3D component group',
  'ui.sceneError': 'An error has occurred, possibly due to the model file being damaged or missing!',
  'ui.loading': 'Loading…',
  'ui.waitingTurn': 'Waiting its turn: other 3D scenes on the page draw first',
  'ui.scene': '3D scene',
  'ui.snapshots': 'Camera snapshots',
  'ui.axisX': 'X axis',
  'ui.axisY': 'Y axis',
  'ui.axisZ': 'Z axis',
  'upload.done': '{name} uploaded',
  'upload.removed': '{name} removed',

  // Notices from the render worker's supervisor.
  'notice.scriptsDisabled': 'Scripts were turned off: the scene stopped responding and was restarted',
  'notice.restarted': 'The scene was restarted after its renderer stopped',
  'notice.fallback': 'Rendering on the main thread: this browser cannot render in a worker',
  'notice.contextLost': 'WebGL context lost, waiting for it to come back',

  // Error codes leaving the worker.
  'error.invalidConfig': 'Invalid setting',
  'error.script': 'Script error',

  ...widgets.en,
  ...documents.en,
  ...modelLimits.en,
  ...chunks.en,
  ...pick.en,
} as const satisfies Record<SchemaMessageKey, string> & Record<string, string>;

export type MessageKey = keyof typeof en;
