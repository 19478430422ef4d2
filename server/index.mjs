#!/usr/bin/env node
// @ts-check
// `npm run server`: the media-library service on its own. Port from MEDIA_PORT, else PORT, else 5174;
// host from MEDIA_HOST (default 127.0.0.1). Other settings: server/config.mjs.
import { startMediaServer } from './app.mjs';
import { optionsFromEnv, portFrom } from './config.mjs';

const { options, tokenGenerated } = optionsFromEnv(process.env);
const port = portFrom(process.env.MEDIA_PORT || process.env.PORT, 5174);
const server = await startMediaServer({ ...options, host: process.env.MEDIA_HOST || '127.0.0.1', port, logger: { level: 'warn' } });

console.log(`media library on ${server.url} (files in ${options.root}, dashboards in ${options.dashboardsRoot})`);
if (tokenGenerated) console.log(`MEDIA_TOKEN was not set; this run's token: ${options.token}`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  server.app.close().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
