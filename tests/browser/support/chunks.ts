import { afterEach, beforeAll, expect, vi } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from './harness';
import { sphereScene } from './scenes';

/*
 * Helpers for the tests of parts that do not load (spec §8): each test gets a fault URL of its own,
 * served by the test page's server (chunk-faults.ts), broken first and repaired before the Retry.
 */

/** Unmount and restore after each test, and warm the render worker's script once (see below). */
export function useChunkTests() {
  afterEach(() => {
    unmountAll();
    vi.restoreAllMocks();
  });
  // The render worker's script is compiled by the test server on first request: not inside a
  // test's short timeout.
  beforeAll(async () => {
    const m = await mountSpace(sphereScene);
    m.unmount();
  });
}

let keys = 0;
/** A fault of its own for each test (the browser keeps what it learnt about a URL), in `mode`. */
export async function newFault(name: string, mode: 'missing' | 'hang') {
  const key = `${name}-${Date.now()}-${keys++}`;
  await commands.chunkFault(key, mode);
  return {
    key,
    /** The fault's URL; once repaired it redirects to `realUrl`. */
    url(realUrl: string) {
      const u = new URL(realUrl, location.href);
      return new URL(`/__chunk-faults/${key}/${name}.js?to=${encodeURIComponent(u.pathname + u.search)}`, location.href).href;
    },
  };
}

/**
 * Short for the part a test breaks, so a timeout test waits seconds (the spec's 120 s is the
 * default, shared/schema/chunks.ts); long again for the Retry, which loads the real parts on a busy
 * machine. Only that part's: the render worker's start and every other part keep the default, so a
 * slow start on a loaded machine is never reported instead of the fault (chunk settings' timeoutsMs).
 */
const FAILING_TIMEOUT_MS = 3500;
const REPAIRED_TIMEOUT_MS = 60_000;

export function chunkTimeout(id: string) {
  let ms = FAILING_TIMEOUT_MS;
  return {
    /** Read by the engine when it needs it (a getter in the test's chunk options). */
    get timeoutsMs() {
      return { [id]: ms };
    },
    repaired() {
      ms = REPAIRED_TIMEOUT_MS;
    },
  };
}

/** The space left loading for error: the chunk's message in its corner. */
export async function failed(m: Mounted) {
  await waitFor(() => m.root.dataset.state === 'error', 'the space to report the failure');
  return m.root.querySelector<HTMLElement>('.dash3d-chunk-error')!;
}

/** Retry with the keyboard only: Tab from the page's start reaches the button, Enter presses it. */
export async function retryWithKeyboard(m: Mounted) {
  const button = m.root.querySelector<HTMLButtonElement>('.dash3d-chunk-error button')!;
  (document.activeElement as HTMLElement | null)?.blur();
  for (let i = 0; i < 10 && document.activeElement !== button; i++) await userEvent.tab();
  expect(document.activeElement).toBe(button);
  await userEvent.keyboard('{Enter}');
  await waitFor(() => m.root.dataset.state === 'ready', 'the space to be ready after Retry', 50_000);
  expect(m.root.querySelector('.dash3d-chunk-error')).toBeNull();
  const p = await m.pixels();
  // The white sphere is drawn: the scene really runs.
  expect(p.data.some((v, i) => i % 4 === 0 && v > 200)).toBe(true);
}
