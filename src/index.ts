// Public exports of the dash3d plug-in (`dash3d`): everything. The subpaths each hold a part of it
// (src/entries/): dash3d/space what a viewer needs, dash3d/editor the plug-in contract and the
// media client, dash3d/material-editor the material editor. The root is their union plus every
// schema and the engine protocol's types. The main bundle never contains three.js.
export * from './entries/space';
export * from './entries/editor';
export * from './entries/material-editor';
export * from '../shared/schema';
export * from '../shared/protocol';
