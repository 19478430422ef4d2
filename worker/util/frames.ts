/**
 * The display's frame clock where the engine runs: requestAnimationFrame in a worker or on the page
 * (the main-thread fallback); a 16 ms timer where a context has none (older workers, Node tests).
 */
export const requestFrame: (cb: (time: number) => void) => number =
  typeof requestAnimationFrame === 'function' ? (cb) => requestAnimationFrame(cb) : (cb) => setTimeout(() => cb(performance.now()), 16);

export const cancelFrame: (id: number) => void =
  typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);
