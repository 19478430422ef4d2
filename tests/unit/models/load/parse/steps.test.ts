import { describe, expect, it } from 'vitest';
import { announceAlive, readStep, stepAlive, stepEnd, stepStart, watchNestedWorkers } from '../../../../../worker/models/load/parse/steps';
import { PARSE_WORKER_NAME } from '../../../../../worker/models/load/parse/service';

type Scope = NonNullable<Parameters<typeof watchNestedWorkers>[0]>;

/** A worker global scope's stand-in: its Worker constructor, and what it posts to its parent. */
function scope(name: string, fails = false) {
  const posted: unknown[] = [];
  class FakeWorker {
    constructor(readonly url: string | URL) {
      posted.push(`constructed ${String(url)}`);
      if (fails) throw new DOMException('blocked by the page', 'SecurityError');
    }
  }
  return { name, posted, Worker: FakeWorker as Scope['Worker'], postMessage: (m: unknown) => posted.push(m) };
}

describe("a parse worker's step marks", () => {
  it('tell its parent before and after each worker it starts', () => {
    const s = scope(PARSE_WORKER_NAME);
    watchNestedWorkers(s);
    const w = new s.Worker('blob:draco');
    expect(w).toBeInstanceOf(s.Worker);
    expect(s.posted.map((m) => readStep(m)?.dash3dParseStep ?? m)).toEqual(['start', 'constructed blob:draco', 'end']);
  });

  it('end even when the start throws', () => {
    const s = scope(PARSE_WORKER_NAME, true);
    watchNestedWorkers(s);
    expect(() => new s.Worker('blob:draco')).toThrow(/blocked/);
    expect(readStep(s.posted.at(-1))).toEqual(stepEnd());
  });

  it('are sent by parse workers only: the render worker starts its workers as it always did', () => {
    const s = scope('dash3d-render');
    const before = s.Worker;
    watchNestedWorkers(s);
    expect(s.Worker).toBe(before);
  });

  it("a parse worker's script says it runs, before anything else (the worker entry's first import, worker/boot.ts)", async () => {
    const s = scope(PARSE_WORKER_NAME);
    announceAlive(s);
    expect(s.posted).toEqual([stepAlive()]);
    const render = scope('dash3d-render');
    announceAlive(render);
    expect(render.posted).toEqual([]);
    const entry = await import('node:fs').then((fs) => fs.readFileSync(new URL('../../../../../worker/index.ts', import.meta.url), 'utf8'));
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import './boot';");
  });

  it('are told apart from comlink messages, and read defensively', () => {
    expect(readStep(stepAlive())).toEqual(stepAlive());
    expect(readStep(stepStart('starting a decoder'))).toEqual(stepStart('starting a decoder'));
    expect(readStep({ id: 'x', type: 'APPLY' })).toBeNull();
    expect(readStep(null)).toBeNull();
    expect(readStep({ dash3dParseStep: 'start', what: 7 })).toEqual(stepStart('a step'));
  });
});
