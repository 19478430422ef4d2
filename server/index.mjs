// @ts-check
// `dash3d/server`: the media-library service as a package entry. Importing it starts nothing and
// reads no environment: a host registers `mediaLibrary` on its own fastify app, or calls
// `startMediaServer`; the `dash3d-media` command is cli.mjs. Types: index.d.mts (by hand, checked
// against these implementations by tests/server/entry-types.ts).
export { mediaLibrary } from './plugin.mjs';
export { buildApp, startMediaServer } from './app.mjs';
export { optionsFromEnv, portFrom } from './config.mjs';
export { signInLink } from './sessions.mjs';
export { STANDARD_FORMATS } from './formats.mjs';
export { INDEX_PAGE } from './static.mjs';
