// Public exports of the dash3d plug-in (`dash3d`): everything. The subpaths each hold a part of it
// (src/entries/): dash3d/space what a viewer needs, dash3d/editor the plug-in contract and the
// media client, dash3d/material-editor the material editor. The root is their union plus every
// schema and the engine protocol's types. The main bundle never contains three.js.
export * from './entries/space';
export * from './entries/editor';
export * from './entries/material-editor';
export * from '../shared/schema';
export * from '../shared/protocol';
// The texts: the viewer's and the editor's (dash3d/space's `t` knows the viewer's only, so that a
// viewer page does not load the settings panels' and the material editor's texts).
export { t, describeIssues, isMessageKey, type MessageKey } from '../shared/i18n/editor';
