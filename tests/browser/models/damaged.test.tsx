import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, hexToRgb, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';
import { quadGltf, redOverBlue } from './format-files';

/**
 * Damaged files that used to pass silently or unreadably (issue 8 §3): an embedded image cut off
 * shows the spec's damaged-file text in the scene's corner; a truncated Draco model fails with a
 * readable message, and its decoder workers stop with the load.
 */

afterEach(unmountAll);

const FALLBACK = 'An error has occurred, possibly due to the model file being damaged or missing!';
const BACKGROUND = '#204060';
const BG: RGBA = [...hexToRgb(BACKGROUND), 255];
const scene = {
  sceneConfig: { background: BACKGROUND, ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: { ambientLight: [{ intensity: 2 }], directionalLight: [] },
};

type Result = Extract<EngineEvent, { type: 'model-loaded' | 'model-error' }>;
const resultOf = (m: Mounted, id: string, from = 0) =>
  waitFor(
    () => m.events.slice(from).find((e): e is Result => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === id),
    `a load result for ${id}`,
  );
const corner = (m: Mounted) => m.host.querySelector('.dash3d-notices')?.textContent ?? '';

function drawnShare(p: PixelReadout): number {
  let drawn = 0;
  for (let i = 0; i < p.data.length; i += 4) if (colourDistance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, 255], BG) > 24) drawn++;
  return drawn / (p.data.length / 4);
}

const single = (url: string, name: string) => ({ src: { filePath: url, fileList: [{ uid: 'u', name, url }] } });

describe('a model whose embedded image is cut', () => {
  it('a .glb cut inside its image: the model is drawn and the corner shows the damaged-file text naming the cut', async () => {
    // coffeeMug.glb: geometry in the first 29 kB of its BIN chunk, then a 498 kB JPEG; cut in the JPEG.
    const url = await commands.truncatedFixture('gltf/coffeeMug.glb', 200_000);
    const m = await mountSpace(scene, { models: { mug: { ...single(url, 'coffeeMug.glb'), adaptive: true } } });
    const r = await resultOf(m, 'mug');
    expect(r.type).toBe('model-loaded');
    await waitFor(() => corner(m).includes(FALLBACK), 'the damaged-file text in the corner');
    expect(corner(m)).toContain('coffeeMug.glb: the file is cut short (200000 of 528032 bytes)');
    expect(drawnShare(await m.pixels())).toBeGreaterThan(0.01);
    // The same file whole: no notice.
    const from = m.events.length;
    await m.update(scene, { models: { mug: { src: fixtureSource('gltf/coffeeMug.glb'), adaptive: true } } });
    expect((await resultOf(m, 'mug', from)).type).toBe('model-loaded');
    await waitFor(() => !corner(m).includes(FALLBACK), 'the notice to go');
  });

  it('a .gltf whose data: URI image is cut: the corner says an embedded image is damaged, in the designer\'s language', async () => {
    const png = await redOverBlue();
    const doc = JSON.parse(quadGltf()) as { images: { uri: string }[] };
    doc.images[0]!.uri = `data:image/png;base64,${png.slice(0, Math.floor(png.length / 2))}`;
    const url = await commands.writeTempFile('quad.gltf', JSON.stringify(doc));
    const m = await mountSpace(scene, { locale: 'zh_Hans', models: { q: single(url, 'quad.gltf') } });
    expect((await resultOf(m, 'q')).type).toBe('model-loaded');
    await waitFor(() => corner(m).includes('发生错误，可能是模型文件损坏或丢失！'), 'the damaged-file text (zh_Hans)');
    expect(corner(m)).toContain('quad.gltf：内嵌图片已损坏或丢失');
    const warning = m.events.find((e) => e.type === 'model-warning' && e.id === 'q');
    expect(warning).toMatchObject({ code: 'model.embeddedMissing', message: 'quad.gltf: an embedded image is damaged or missing; the model is drawn without it' });
  });
});

describe('a truncated Draco model', () => {
  it('fails with a readable message; its decoders stop with the load and a whole Draco model still loads after it', async () => {
    const m = await mountSpace(scene);
    await commands.consoleStart();
    // gears.glb: three Draco-compressed meshes in bufferViews at 2224, 39932 and 65372; cut in the second.
    const url = await commands.truncatedFixture('gltf/gears.glb', 50_000);
    await m.update(scene, { models: { g: single(url, 'gears.glb') } });
    const r = await resultOf(m, 'g');
    expect(r.type).toBe('model-error');
    const message = (r as { message: string }).message;
    expect(message).toMatch(/^gears\.glb: the file is damaged or truncated \(.+\)$/);
    expect(message).not.toContain('[object Object]');
    expect(message).not.toMatch(/\(\)$/);
    await waitFor(() => corner(m).includes(message), 'the message in the corner');
    const atFailure = (await commands.consoleEntries()).length;

    // Decoding goes on in other workers if it was not stopped; loading a whole Draco model after
    // the failure proves the decoder works again and gives stray work time to show in the console.
    const from = m.events.length;
    await m.update(scene, { models: { g: { src: fixtureSource('gltf/gears.glb') } } });
    expect((await resultOf(m, 'g', from)).type).toBe('model-loaded');
    await m.handle.settled();
    const after = (await commands.consoleEntries()).slice(atFailure);
    const errors = after.filter((e) => e.type === 'error' || e.type === 'pageerror');
    expect(errors).toEqual([]);
  });
});
