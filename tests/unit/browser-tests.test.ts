import { describe, expect, it } from 'vitest';
import { files, source } from './import-graph';

/*
 * Rules for the browser project's tests that keep a run from hanging (docs/testing.md, "What hung
 * a run"). No module mocks: in Vitest's browser mode with Playwright, `vi.mock` turns on request
 * interception for the whole browser context (every request of the page and its workers is held
 * until the test runner answers it, and a manual mock's module waits on a call back into the page).
 * A CI run hung for good while a file that mocked a module was loading; a stand-in set through a
 * test hook (src/widgets/space/sceneStandIn.ts) or a stubbed global does the same work.
 */
const MOCKS = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock)\s*\(/;

describe('browser tests', () => {
  const tests = files('tests/browser').map((file) => ({ file, text: source(file) }));

  it('are read', () => {
    expect(tests.length).toBeGreaterThan(80);
    expect(MOCKS.test("vi.mock(import('./x'))")).toBe(true);
    expect(MOCKS.test('vi.doMock("./x")')).toBe(true);
    expect(MOCKS.test('vi.fn()')).toBe(false);
  });

  it('mock no module', () => {
    expect(tests.filter((t) => MOCKS.test(t.text)).map((t) => t.file)).toEqual([]);
  });
});
