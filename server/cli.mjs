#!/usr/bin/env node
// @ts-check
// `dash3d-media` (`npx dash3d-media --root ./data`; `npm run server` in this repository): the
// media-library service on its own. Flags stand for the environment variables of config.mjs and win
// over them; relative folders start from the current one. A wrong flag or setting exits 2 before
// anything is written; a failure to start (port taken, folder not writable) exits 1.
import { parseArgs } from 'node:util';
import { startMediaServer } from './app.mjs';
import { formatsFrom, optionsFromEnv, portFrom, positiveNumber } from './config.mjs';
import { publicUrlProblem } from './options.mjs';

const USAGE = `Usage: dash3d-media [options]

The dash3d media-library service: spec §7's media API, /media/ files, saved dashboards.

Options (each wins over the environment variable in brackets; the S3 store and the session store
are set with variables only: MEDIA_STORE=s3 and MEDIA_S3_*, SESSION_STORE; see server/README.md):
  --root <dir>              data folder: media in <dir>/media, dashboards in <dir>/dashboards
                            [DATA_ROOT; default ./data]
  --media-root <dir>        media-library folder [MEDIA_ROOT]
  --dashboards-root <dir>   saved dashboards [DASHBOARDS_ROOT]
  --port <n>                port, 0 for any free one [MEDIA_PORT, else PORT; default 5174]
  --host <name>             interface to listen on [MEDIA_HOST; default 127.0.0.1]
  --formats <list>          allowed extensions, "glb,png", or "*" for all [MEDIA_ALLOWED_FORMATS]
  --max-upload-mb <n>       largest uploaded file [MEDIA_MAX_UPLOAD_MB; default 100]
  --max-dashboard-mb <n>    largest dashboard document [MEDIA_MAX_DASHBOARD_MB; default 10]
  --public-url <url>        put before /media/... in upload answers [MEDIA_PUBLIC_URL]
  --no-seed                 do not write the built-in resources and the example dashboard
  --help                    this text

The API's Bearer token comes from MEDIA_TOKEN only (a flag would show it to every user of ps);
without it a token is generated and printed. Relative folders start from the current folder.`;

/** @type {Record<string, { type: 'string' | 'boolean' }>} */
const FLAGS = {
  root: { type: 'string' },
  'media-root': { type: 'string' },
  'dashboards-root': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  formats: { type: 'string' },
  'max-upload-mb': { type: 'string' },
  'max-dashboard-mb': { type: 'string' },
  'public-url': { type: 'string' },
  'no-seed': { type: 'boolean' },
  help: { type: 'boolean' },
};

/** The variable each valued flag stands for. */
const VARIABLE_OF = {
  root: 'DATA_ROOT',
  'media-root': 'MEDIA_ROOT',
  'dashboards-root': 'DASHBOARDS_ROOT',
  port: 'MEDIA_PORT',
  host: 'MEDIA_HOST',
  formats: 'MEDIA_ALLOWED_FORMATS',
  'max-upload-mb': 'MEDIA_MAX_UPLOAD_MB',
  'max-dashboard-mb': 'MEDIA_MAX_DASHBOARD_MB',
  'public-url': 'MEDIA_PUBLIC_URL',
};

// Each value is checked under the name it came by, so the message names what the user typed (the
// flag, or the variable when it came from the environment). optionsFromEnv and the plugin check
// again with the same helpers; publicUrl and the port they would only name as variables or options.
const CHECKS = /** @type {Record<string, (value: string, source: string) => unknown>} */ ({
  port: (v, source) => portFrom(v, 0, source),
  formats: formatsFrom,
  'max-upload-mb': positiveNumber,
  'max-dashboard-mb': positiveNumber,
  'public-url': (v, source) => {
    const problem = publicUrlProblem(v);
    if (problem) throw new Error(`${source} ${problem}`);
  },
});

/**
 * The settings of this run, or null for --help. Throws with a message naming the flag (or, for a
 * value from the environment, the variable) that is wrong.
 * @param {string[]} args @param {Record<string, string | undefined>} env
 */
function settingsFrom(args, env) {
  const { values } = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: false });
  if (values.help) return null;
  const merged = { ...env };
  for (const [flag, variable] of Object.entries(VARIABLE_OF)) {
    const given = values[flag];
    if (typeof given === 'string' && given.trim() === '') throw new Error(`--${flag} needs a value`);
    const value = typeof given === 'string' ? given : env[variable];
    if (value) CHECKS[flag]?.(value, typeof given === 'string' ? `--${flag}` : variable);
    merged[variable] = value;
  }
  const { options, tokenGenerated } = optionsFromEnv(merged);
  const port = portFrom(merged.MEDIA_PORT || merged.PORT, 5174, 'PORT');
  return { options: { ...options, seed: !values['no-seed'] }, tokenGenerated, host: merged.MEDIA_HOST || '127.0.0.1', port };
}

let settings;
try {
  settings = settingsFrom(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`dash3d-media: ${err instanceof Error ? err.message : String(err)}\nRun dash3d-media --help for the options.`);
  process.exit(2);
}
if (!settings) {
  console.log(USAGE);
  process.exit(0);
}

const { options, tokenGenerated, host, port } = settings;
// info: the seed's progress and the end of an outage (request lines are off: app.mjs).
const server = await startMediaServer({ ...options, host, port, logger: { level: 'info' } }).catch((/** @type {unknown} */ err) => {
  console.error(`dash3d-media: could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

// Before anything is printed: whoever reads the first line may signal at once.
let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  server.app.close().then(
    () => process.exit(0),
    (/** @type {unknown} */ err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

console.log(`dash3d-media: media library on ${server.url}`);
if (options.s3) {
  // Where, never with what credentials: the AWS SDK's chain holds those.
  console.log(`  store:       ${server.store}`);
} else {
  console.log(`  media files: ${options.root}`);
  console.log(`  dashboards:  ${options.dashboardsRoot}`);
}
console.log(`  sessions:    ${server.sessionStore}`);
// A token from the environment is the user's secret already: it is never echoed into logs.
console.log(
  tokenGenerated ? `  token:       ${options.token} (generated; set MEDIA_TOKEN to choose one)` : '  token:       from MEDIA_TOKEN',
);
if (server.removedTempFiles.length > 0) {
  console.log(`  removed ${server.removedTempFiles.length} unfinished temporary file(s) left by an interrupted upload or save`);
}
