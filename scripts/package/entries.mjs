// @ts-check
// The package's main-thread entries: the name under dist/ (dist/<name>.js) and in package.json's
// exports ('.' for index, './<name>' for the others) -> the source module. The build, the
// declarations and the tests read this one list.
//   index            `dash3d`: everything, as since 0.1 (createThreeDPlugin, ThreeDSpace, the material editor, ...)
//   space            `dash3d/space`: what a viewer page needs; no settings panel, material editor or antd
//   editor           `dash3d/editor`: createThreeDPlugin (the descriptors carry the settings panels) and the media client
//   material-editor  `dash3d/material-editor`: the material editor and its pieces
export const MAIN_ENTRIES = /** @type {const} */ ({
  index: 'src/index.ts',
  space: 'src/entries/space.ts',
  editor: 'src/entries/editor.ts',
  'material-editor': 'src/entries/material-editor.ts',
});

/** The declaration file of an entry's source, under dist/types/ (tsc keeps the source tree). */
export const declarationOf = (/** @type {string} */ source) => source.replace(/\.ts$/, '.d.ts');
