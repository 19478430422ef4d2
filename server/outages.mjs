// @ts-check
// One log line when a dependency starts failing and one when it answers again, however many
// requests failed in between: an operator reading the log at night sees when the outage began,
// its cause and how long it lasted, not a thousand copies of the same error. The lines go to the
// app's logger (fastify's: a host's own settings decide where they end up).
import { DependencyError, causeOf, seconds } from './dependency.mjs';

/** @typedef {Pick<import('fastify').FastifyBaseLogger, 'error' | 'warn' | 'info'>} Log */

/**
 * @typedef {object} Outages
 * @property {(dependency: string, where: string, err: unknown) => void} failed a call failed
 *   because of the dependency: logged when it is the first failure since it last answered
 * @property {(dependency: string, where: string) => void} answered a call got an answer
 */

/** The operator's detail of a failure: the cause's words, then the original message (which may name hosts). @param {unknown} err */
export function detailOf(err) {
  const inner = err instanceof DependencyError ? err.cause : err;
  if (inner instanceof Error && inner.name === 'DeadlineError') return inner.message;
  const message = inner instanceof Error ? inner.message || inner.name : String(inner);
  return `${causeOf(inner)}: ${message}`;
}

/** @param {Log} log @returns {Outages} */
export function outageLog(log) {
  /** @type {Map<string, { since: number, failures: number }>} the dependencies failing now */
  const down = new Map();
  return {
    failed(dependency, where, err) {
      const outage = down.get(dependency);
      if (outage) {
        outage.failures++;
        return;
      }
      down.set(dependency, { since: Date.now(), failures: 1 });
      log.error(`dash3d: the ${dependency} (${where}) is failing: ${detailOf(err)}; what needs it answers 503 until it is back`);
    },
    answered(dependency, where) {
      const outage = down.get(dependency);
      if (!outage) return;
      down.delete(dependency);
      // warn, not info: the end of an outage belongs beside its beginning at any usual log level.
      log.warn(
        `dash3d: the ${dependency} (${where}) answers again after ${seconds(Date.now() - outage.since)} (${outage.failures} failed call(s))`,
      );
    },
  };
}
