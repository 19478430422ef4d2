// @ts-check
// `npm start`: what a user runs. The media-library service serves the production build of the
// playground (dist/, built here only when missing or older than the sources), the media API,
// /media/ files and /api/dashboards, all on one origin and one port (PORT, default 5173).
// No token is in any served file: this prints a one-time sign-in link whose code the page trades
// for a session (server/sessions.mjs). MEDIA_TOKEN stays the Bearer token for tools (curl, tests).
// The service as a host uses it: the package's own name, which Node (and TypeScript) resolve
// through package.json's exports to server/index.mjs (and its index.d.mts), no install needed.
import { optionsFromEnv, portFrom, startMediaServer } from 'dash3d/server';
import { PROJECT_ROOT } from './project-root.mjs';
import { printBanner, seededFirst, stopOnSignals } from './launch.mjs';
import { ensureBuilt } from './build-once.mjs';

const port = portFrom(process.env.PORT, 5173);
const { options, tokenGenerated } = optionsFromEnv(process.env, PROJECT_ROOT);

const { dist } = await ensureBuilt();
const media = await startMediaServer({ ...options, staticRoot: dist, host: '127.0.0.1', port, logger: { level: 'warn' } });
stopOnSignals(() => media.app.close());

await seededFirst(media);
printBanner({ url: media.url, what: 'the playground (production build) and the media-library service', media, options, tokenGenerated });
