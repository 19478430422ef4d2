/*
 * The glTF parser as a test's `moduleUrls['loader-gltf']` (tests/browser/models/stalls.test.tsx).
 * In a parse worker it does what Firefox ESR 153's parse workers did on a loaded machine: it
 * starts a decoder worker, and `new Worker()` never returns; the thread stays blocked (here by a
 * loop, bounded so that a test that fails does not leave a core spinning). On the render thread,
 * where the parse client falls back to, it is the real parser.
 */
import { parseGltf as realParseGltf } from '../../../../worker/models/load/formats/gltf';
import { PARSE_WORKER_NAME } from '../../../../worker/models/load/parse/service';
import { stepStart } from '../../../../worker/models/load/parse/steps';

export function parseGltf(...args: Parameters<typeof realParseGltf>): ReturnType<typeof realParseGltf> {
  if (self.name !== PARSE_WORKER_NAME) return realParseGltf(...args);
  (self as unknown as { postMessage(m: unknown): void }).postMessage(stepStart('starting a worker of its own (a decoder)'));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    // Blocked, as inside Firefox's Worker constructor: no timer fires, no message is read.
  }
  throw new Error('stuck-decoder-gltf: the parse worker was not terminated within 60 s');
}
