/*
 * The glTF parser as a test's `moduleUrls['loader-gltf']` (tests/browser/models/hook.test.tsx).
 * In a parse worker it takes SLOW_PARSE_MS over the file before parsing it for real: what a big
 * file does on a busy machine, one synchronous call that answers nothing meanwhile. On the render
 * thread it is the real parser at once (a parse that was given up on and moved there shows so).
 */
import { parseGltf as realParseGltf } from '../../../../worker/models/load/formats/gltf';
import { PARSE_WORKER_NAME } from '../../../../worker/models/load/parse/service';
import { SLEEP_PATH } from './sleep-server';

export const SLOW_PARSE_MS = 30_000;

export function parseGltf(...args: Parameters<typeof realParseGltf>): ReturnType<typeof realParseGltf> {
  if (self.name === PARSE_WORKER_NAME) {
    // Busy with the file: no timer fires, no message is read, as in a long parse. A synchronous
    // request the test server answers late blocks the thread so, and leaves the core to the tests
    // that run beside this one (a busy loop took 30 core-seconds a case).
    const wait = new XMLHttpRequest();
    wait.open('GET', `${SLEEP_PATH}?ms=${SLOW_PARSE_MS}`, false);
    wait.send();
    // No answer as asked (the test server without sleep-server.ts): the case would pass unslowed.
    if (wait.status !== 204) throw new Error(`slow-gltf: ${SLEEP_PATH} answered ${wait.status}, not after ${SLOW_PARSE_MS} ms`);
  }
  return realParseGltf(...args);
}
