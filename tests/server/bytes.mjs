// @ts-check
/**
 * Deterministic pseudo-random bytes (xorshift), so a corrupted byte anywhere shows in a hash or a
 * comparison; each seed gives different bytes. Shared by the server tests and the service soak.
 * @param {number} n @param {number} [seed]
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function pseudoRandomBytes(n, seed = 1) {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
