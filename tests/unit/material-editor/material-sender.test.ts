import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewMaterialResult } from '../../../shared/protocol';
import { newMaterial } from '../../../shared/schema/material';
import type { RenderHandle } from '../../../src/bridge/connection';
import { createMaterialSender } from '../../../src/material-editor/materialSender';

/** Animation frames run by hand: the test says when a frame passes. */
let frames: (() => void)[] = [];
const nextFrame = () => {
  const run = frames;
  frames = [];
  for (const f of run) f();
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

/** An engine that records what it was sent and answers when told to. */
function fakeEngine() {
  const sent: unknown[] = [];
  const answers: ((r: PreviewMaterialResult) => void)[] = [];
  const handle = {
    setPreviewMaterial: (m: unknown) => {
      sent.push(m);
      return new Promise<PreviewMaterialResult>((resolve) => answers.push(resolve));
    },
  } as unknown as RenderHandle;
  return { handle, sent, answers };
}

describe('the previewed material on its way to the engine', () => {
  it('a slider drag is one message a frame, holding the newest material; nothing goes before an engine started', () => {
    const engine = fakeEngine();
    let running: RenderHandle | null = null;
    const sender = createMaterialSender();
    sender.connect(
      () => running,
      () => undefined,
    );
    const first = newMaterial({ color: '#000000' });
    sender.update(first);
    nextFrame();
    expect(engine.sent).toEqual([]);
    running = engine.handle;
    sender.started();
    nextFrame();
    expect(engine.sent).toEqual([first]);

    const drag = Array.from({ length: 50 }, (_, i) => newMaterial({ color: `rgb(${i}, 0, 0)` }));
    for (const m of drag) sender.update(m);
    nextFrame();
    expect(engine.sent).toEqual([first, drag[49]]);
    // The same material object again: nothing to send.
    sender.update(drag[49]!);
    nextFrame();
    expect(engine.sent).toHaveLength(2);
  });

  it('reports only the answer to the newest send, and a new engine gets the material again', async () => {
    const engine = fakeEngine();
    const results: PreviewMaterialResult[] = [];
    const sender = createMaterialSender();
    sender.connect(
      () => engine.handle,
      (r) => results.push(r),
    );
    sender.started();
    const a = newMaterial({ color: 'red' });
    const b = newMaterial({ color: 'blue' });
    sender.update(a);
    nextFrame();
    sender.update(b);
    nextFrame();
    engine.answers[1]!({ ok: true, shown: true, problems: [] });
    engine.answers[0]!({ ok: true, shown: false, problems: [] });
    await Promise.resolve();
    await Promise.resolve();
    expect(results).toEqual([{ ok: true, shown: true, problems: [] }]);

    sender.started();
    nextFrame();
    expect(engine.sent.at(-1)).toBe(b);
  });
});
