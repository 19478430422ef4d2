/*
 * The glTF parser as a test's `moduleUrls['loader-gltf']` (tests/browser/models/hook.test.tsx).
 * In a parse worker it takes SLOW_PARSE_MS over the file before parsing it for real: what a big
 * file does on a busy machine, one synchronous call that answers nothing meanwhile. On the render
 * thread it is the real parser at once (a parse that was given up on and moved there shows so).
 */
import { parseGltf as realParseGltf } from '../../../../worker/models/load/formats/gltf';
import { PARSE_WORKER_NAME } from '../../../../worker/models/load/parse/service';

export const SLOW_PARSE_MS = 30_000;

export function parseGltf(...args: Parameters<typeof realParseGltf>): ReturnType<typeof realParseGltf> {
  if (self.name === PARSE_WORKER_NAME) {
    const until = Date.now() + SLOW_PARSE_MS;
    while (Date.now() < until) {
      // Busy with the file: no timer fires, no message is read, as in a long parse.
    }
  }
  return realParseGltf(...args);
}
