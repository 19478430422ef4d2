// @ts-check
// Which store the service keeps its two areas in (store.mjs): the local disk by default, or an
// S3-compatible bucket with `store: 's3'`. The S3 client is loaded only then, so `npm start` on
// the disk never loads the AWS SDK.
import { diskStore } from './store-disk.mjs';
import { importOptional } from './optional.mjs';

/**
 * @typedef {object} Stores
 * @property {import('./store.mjs').Store} media the media library
 * @property {import('./store.mjs').Store} [dashboards] saved dashboards, when the service keeps them
 * @property {string} describe one line for the start banner: where, and what is guaranteed
 * @property {() => Promise<void>} close
 */

/**
 * Opens the stores and checks that they can be used, or throws a message naming what to fix.
 * @param {import('./options.mjs').ResolvedOptions} opts
 * @param {import('./shared-state.mjs').SharedState} shared locks for stores without conditional writes
 * @param {{ outages: import('./outages.mjs').Outages, log: import('./outages.mjs').Log }} o
 * @returns {Promise<Stores>}
 */
export async function openStores(opts, shared, { outages, log }) {
  if (opts.s3) {
    const { openS3Stores } = await importOptional(() => import('./store-s3-open.mjs'), '@aws-sdk/client-s3', 'MEDIA_STORE=s3');
    return openS3Stores(opts.s3, {
      dashboards: opts.dashboards,
      maxUploadBytes: opts.maxUploadBytes,
      lock: shared.lock,
      timeoutMs: opts.storeTimeoutMs,
      outages,
      log,
    });
  }
  const { root, dashboardsRoot } = opts;
  return {
    media: diskStore(root),
    ...(dashboardsRoot ? { dashboards: diskStore(dashboardsRoot) } : {}),
    describe: `disk: ${root}${dashboardsRoot ? ` (media), ${dashboardsRoot} (dashboards)` : ''}`,
    close: async () => {},
  };
}
