import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { meanColour, mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';

afterEach(unmountAll);

const scene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};

/** An OBJ cube of edge 160 centred at (x, 0, 0). */
function cubeObj(x: number): string {
  const h = 80;
  const v: string[] = [];
  for (const dx of [-h, h]) for (const dy of [-h, h]) for (const dz of [-h, h]) v.push(`v ${x + dx} ${dy} ${dz}`);
  // Vertex index = 1 + (ix*4 + iy*2 + iz).
  const faces = ['1 2 4 3', '5 7 8 6', '1 5 6 2', '3 4 8 7', '1 3 7 5', '2 6 8 4'];
  return `o cube\n${v.join('\n')}\n${faces.map((f) => `f ${f}`).join('\n')}\n`;
}

const loads = (m: Mounted) => m.events.filter((e) => e.type === 'model-loaded').length;
const brightness = (c: number[]) => c[0]! + c[1]! + c[2]!;

describe('model refresh (update interval)', () => {
  it('asks the server every interval, keeps the shown model while the file is unchanged, and swaps in an edited file', async () => {
    const url = await commands.writeTempFile('cube.obj', cubeObj(-150));
    const model = { src: { filePath: url, fileList: [{ uid: '1', name: 'cube.obj', url }] }, adaptive: false, update: 1 };
    const m = await mountSpace(scene, { width: 400, height: 240, models: { c: model } });
    await waitFor(() => loads(m) === 1, 'the first load');
    let p = await m.pixels();
    expect(brightness(meanColour(p, 0.2, 0.4, 0.4, 0.6))).toBeGreaterThan(30); // the cube, left
    expect(brightness(meanColour(p, 0.6, 0.4, 0.8, 0.6))).toBeLessThan(5); // nothing, right

    // Three intervals with the file unchanged: the server answers 304 and nothing is reloaded.
    await new Promise((r) => setTimeout(r, 3200));
    expect(loads(m)).toBe(1);
    expect((await m.handle.stats()).models).toMatchObject({ total: 1, loaded: 1 });

    await commands.overwriteTempFile(url, cubeObj(150));
    await waitFor(() => loads(m) === 2, 'the refreshed model', 15_000);
    p = await m.pixels();
    expect(brightness(meanColour(p, 0.2, 0.4, 0.4, 0.6))).toBeLessThan(5);
    expect(brightness(meanColour(p, 0.6, 0.4, 0.8, 0.6))).toBeGreaterThan(30);
    expect(m.events.some((e) => e.type === 'model-error')).toBe(false);
  });

  it('a source that failed is tried again each interval and shows once the server has the file', async () => {
    const placeholder = await commands.writeTempFile('placeholder.txt', '');
    const url = placeholder.replace(/placeholder\.txt$/, 'late.obj');
    const model = { src: { filePath: url, fileList: [{ uid: '1', name: 'late.obj', url }] }, adaptive: false, update: 1 };
    const m = await mountSpace(scene, { width: 400, height: 240, models: { c: model } });
    await waitFor(() => m.events.some((e) => e.type === 'model-error'), 'the 404');
    expect(m.host.textContent ?? '').toContain('An error has occurred, possibly due to the model file being damaged or missing!');
    await commands.overwriteTempFile(url, cubeObj(-150));
    await waitFor(() => loads(m) === 1, 'the retried load', 15_000);
    const p = await m.pixels();
    expect(brightness(meanColour(p, 0.2, 0.4, 0.4, 0.6))).toBeGreaterThan(30);
    await waitFor(() => !(m.host.textContent ?? '').includes('An error has occurred'), 'the notice to go');
  });
});
