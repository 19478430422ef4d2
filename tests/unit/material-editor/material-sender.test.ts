import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewMaterialResult, PreviewModelResult } from '../../../shared/protocol';
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
  /** Every call in order: ['model', src] or ['material', material, target]. */
  const calls: unknown[][] = [];
  const modelAnswers: ((r: PreviewModelResult) => void)[] = [];
  const handle = {
    setPreviewMaterial: (m: unknown, target: unknown) => {
      sent.push(m);
      calls.push(['material', m, target]);
      return new Promise<PreviewMaterialResult>((resolve) => answers.push(resolve));
    },
    setPreviewModel: (src: unknown) => {
      calls.push(['model', src]);
      return new Promise<PreviewModelResult>((resolve) => modelAnswers.push(resolve));
    },
  } as unknown as RenderHandle;
  return { handle, sent, answers, calls, modelAnswers };
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

describe('a model previewed instead of the box', () => {
  const cube = { filePath: '/m/cube.obj', fileList: [] };
  const cone = { filePath: '/m/cone.obj', fileList: [] };

  it('goes before the material, which follows every model change; edits to a part carry its target', async () => {
    const engine = fakeEngine();
    const trees: PreviewModelResult[] = [];
    const sender = createMaterialSender();
    sender.connect(
      () => engine.handle,
      () => undefined,
      (r) => trees.push(r),
    );
    const m = newMaterial({ color: 'red' });
    sender.started();
    sender.update(m);
    nextFrame();
    expect(engine.calls).toEqual([
      ['model', null],
      ['material', m, null],
    ]);

    sender.model(cube);
    nextFrame();
    expect(engine.calls.slice(2)).toEqual([
      ['model', cube],
      ['material', m, null],
    ]);
    // A part chosen: only the material goes, with the part's material uuid.
    sender.update(m, 'mat-1');
    nextFrame();
    expect(engine.calls.slice(4)).toEqual([['material', m, 'mat-1']]);
    // The same model object again: nothing to send.
    sender.model(cube);
    nextFrame();
    expect(engine.calls).toHaveLength(5);

    // Only the newest model's tree is reported.
    sender.model(cone);
    nextFrame();
    engine.modelAnswers[2]!({ ok: true, shown: true, nodes: [] });
    engine.modelAnswers[1]!({ ok: false, message: 'stale' });
    await Promise.resolve();
    await Promise.resolve();
    expect(trees).toEqual([{ ok: true, shown: true, nodes: [] }]);
  });
});
