// @ts-check
// The built-in resources (seed.mjs) and the example dashboard (example.mjs) are written in the
// background once the plugin is registered, so the service listens and answers (health included)
// while a slow store takes its time, and a start is never failed by fastify's plugin timeout. Its
// progress goes to the log, naming the store, and to GET /api/health. A failure is logged once,
// naming the store and the file it stopped at, and the seed tries again by itself, later and
// later (what it wrote stays: the next try goes on from there), until it is done or the service
// closes.
import { DependencyError, seconds } from './dependency.mjs';
import { detailOf } from './outages.mjs';
import { seedExampleDashboard } from './example.mjs';
import { SeedError, seedFileCount, seedMediaRoot } from './seed.mjs';

/** The first retry's wait, doubled up to the last. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;
/** At most one progress line this often (a healthy store seeds within it: one start line, one end line). */
const PROGRESS_EVERY_MS = 2000;

/**
 * What GET /api/health says of the seed.
 * @typedef {{ state: 'off' | 'done' } | { state: 'running' | 'retrying', done: number, of: number, problem?: string }} SeedState
 */

/**
 * @typedef {object} Seeding
 * @property {Promise<void>} done settles when seeded, or once stopped
 * @property {() => SeedState} state
 * @property {() => void} stop no new try and no new file after the one being written
 */

/** @returns {Seeding} nothing to seed */
export const noSeeding = () => ({ done: Promise.resolve(), state: () => ({ state: 'off' }), stop: () => {} });

/**
 * @param {{ media: import('./store.mjs').Store, dashboards?: import('./store.mjs').Store, log: import('./outages.mjs').Log }} o
 * @returns {Seeding}
 */
export function seedInBackground({ media, dashboards, log }) {
  const where = media.where;
  /** @type {'running' | 'retrying' | 'done'} */
  let phase = 'running';
  /** @type {string | undefined} the last failure, while retrying */
  let problem;
  // The count is known before the store is asked anything: health says it while the marker is read.
  let counts = { done: 0, of: seedFileCount() };
  let stopped = false;
  let failures = 0;
  /** @type {() => void} */
  let wake = () => {};
  let lastLine = 0;

  /** @param {import('./seed.mjs').SeedProgress} p */
  const progress = (p) => {
    const done = p.written + p.inPlace;
    counts = { done, of: p.total };
    const now = Date.now();
    if (done === 0) {
      lastLine = now;
      const resumed = failures > 0 ? ' (again: what was written before stays)' : '';
      log.info(`dash3d: seeding ${p.total} built-in files into ${where}${resumed}`);
    } else if (now - lastLine >= PROGRESS_EVERY_MS && done < p.total) {
      lastLine = now;
      log.info(`dash3d: seeding: ${done} of ${p.total} built-in files in ${where}`);
    }
    if (stopped) throw new Error('the service is closing');
  };

  const run = async () => {
    const started = Date.now();
    let last = { written: 0, inPlace: 0 };
    const seeded = await seedMediaRoot(media, {
      progress: (p) => {
        last = p;
        progress(p);
      },
    });
    if (dashboards)
      await seedExampleDashboard(dashboards).catch((err) => {
        throw new SeedError('the example dashboard', err);
      });
    if (seeded)
      log.info(
        `dash3d: seeded the built-in files into ${where} in ${seconds(Date.now() - started)} (${last.written} written, ${last.inPlace} already there)`,
      );
  };

  const done = (async () => {
    for (let wait = FIRST_RETRY_MS; !stopped; wait = Math.min(2 * wait, LAST_RETRY_MS)) {
      try {
        phase = 'running';
        await run();
        phase = 'done';
        return;
      } catch (err) {
        if (stopped) return;
        failures++;
        const file = err instanceof SeedError ? ` at ${err.file}` : '';
        const cause = err instanceof SeedError ? err.cause : err;
        // What health shows anyone: the dependency's own words, never a path or a host.
        problem = cause instanceof DependencyError ? cause.message : 'a built-in file could not be written';
        phase = 'retrying';
        // Once, not on every try of a long outage (which the outage log reports on its own).
        if (failures === 1)
          log.warn(
            `dash3d: seeding the built-in files into ${where} stopped${file}: ${detailOf(cause)}; trying again by itself, every ${seconds(LAST_RETRY_MS)} at most`,
          );
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, wait);
          wake = () => {
            clearTimeout(timer);
            resolve(undefined);
          };
        });
      }
    }
  })();

  return {
    done,
    state: () =>
      phase === 'done' ? { state: 'done' } : { state: phase, ...counts, ...(problem && phase === 'retrying' ? { problem } : {}) },
    stop() {
      stopped = true;
      wake();
    },
  };
}
