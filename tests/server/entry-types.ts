// Compiled by `npx tsc -b` (tsconfig.node.json), never run. `dash3d/server`'s types are written by
// hand (server/index.d.mts): here the README's snippets compile against them, what they must refuse
// is refused, and each implementation (JavaScript typed with JSDoc) fits its declaration, so the
// declarations cannot drift from the code.
import Fastify from 'fastify';
import * as app from '../../server/app.mjs';
import * as config from '../../server/config.mjs';
import * as formats from '../../server/formats.mjs';
import * as entry from '../../server/index.mjs';
import { mediaLibrary, signInLink, startMediaServer, type MediaLibrary } from '../../server/index.mjs';
import type * as options from '../../server/options.mjs';
import * as plugin from '../../server/plugin.mjs';
import * as sessions from '../../server/sessions.mjs';
import * as statics from '../../server/static.mjs';

/** server/README.md, "Use it in your own server". */
export async function hostSnippet() {
  const server = Fastify();
  await server.register(mediaLibrary, {
    root: './data/media',
    dashboardsRoot: './data/dashboards',
    token: process.env.MEDIA_TOKEN ?? '', // an empty token is refused when registering
    onRegistered: ({ sessions }) => console.log(signInLink('http://localhost:3000', sessions.newCode())),
  });
  await server.register(mediaLibrary, { prefix: '/dash3d', root: './media', token: 't', allowedFormats: ['glb'], maxUploadBytes: 1e6 });
  await server.listen({ port: 3000 });
}

/** server/README.md, the stand-alone service from a program. */
export async function standAloneSnippet(): Promise<string> {
  const { url, sessions, app: server } = await startMediaServer({ root: 'media', token: 't', seed: false, port: 0 });
  await server.close();
  return signInLink(url, sessions.newCode());
}

export function refused() {
  const server = Fastify();
  // @ts-expect-error the token is required
  void server.register(mediaLibrary, { root: './media' });
  // @ts-expect-error a size is a number of bytes
  void server.register(mediaLibrary, { root: './media', token: 't', maxUploadBytes: '100' });
  // @ts-expect-error onRegistered hands over the library, which has no `url`
  void server.register(mediaLibrary, { root: './media', token: 't', onRegistered: (l: { url: string }) => console.log(l.url) });
  // @ts-expect-error startMediaServer takes no onRegistered: its answer holds the same things
  void startMediaServer({ root: 'media', token: 't', onRegistered: () => {} });
}

// Every value the entry declares, taken from its implementation: a declaration the code does not
// fit (or a declared name without code) fails here.
export const implementations: typeof entry = {
  mediaLibrary: plugin.mediaLibrary,
  buildApp: app.buildApp,
  startMediaServer: app.startMediaServer,
  optionsFromEnv: config.optionsFromEnv,
  portFrom: config.portFrom,
  signInLink: sessions.signInLink,
  STANDARD_FORMATS: formats.STANDARD_FORMATS,
  INDEX_PAGE: statics.INDEX_PAGE,
};

// And the other way: what a host may pass (the declared options), the implementation takes, with
// the same names, optional ones included. (Answers are checked one way above: the declared `app`
// is a plain FastifyInstance.)
type Same<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;
type Options<F extends (...args: never[]) => unknown> = Parameters<F>[0];
export const sameParameters: [
  Same<entry.MediaLibraryOptions, options.MediaLibraryOptions>,
  Same<Options<typeof entry.buildApp>, Options<typeof app.buildApp>>,
  Same<Options<typeof entry.startMediaServer>, Options<typeof app.startMediaServer>>,
  Same<Parameters<typeof entry.optionsFromEnv>, Parameters<typeof config.optionsFromEnv>>,
  Same<Parameters<typeof entry.portFrom>, Parameters<typeof config.portFrom>>,
  Same<MediaLibrary, options.MediaLibrary>,
  Same<entry.ResolvedMediaLibraryOptions, options.ResolvedOptions>,
] = [true, true, true, true, true, true, true];
