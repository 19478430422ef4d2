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

  it("a .gltf whose data: URI image is cut: the corner says an embedded image is damaged, in the designer's language", async () => {
    const png = redOverBlue();
    const doc = JSON.parse(quadGltf()) as { images: { uri: string }[] };
    doc.images[0]!.uri = `data:image/png;base64,${png.slice(0, Math.floor(png.length / 2))}`;
    const url = await commands.writeTempFile('quad.gltf', JSON.stringify(doc));
    const m = await mountSpace(scene, { locale: 'zh_Hans', models: { q: single(url, 'quad.gltf') } });
    expect((await resultOf(m, 'q')).type).toBe('model-loaded');
    await waitFor(() => corner(m).includes('发生错误，可能是模型文件损坏或丢失！'), 'the damaged-file text (zh_Hans)');
    expect(corner(m)).toContain('quad.gltf：内嵌图片已损坏或丢失');
    const warning = m.events.find((e) => e.type === 'model-warning' && e.id === 'q');
    expect(warning).toMatchObject({
      code: 'model.embeddedMissing',
      message: 'quad.gltf: an embedded image is damaged or missing; the model is drawn without it',
    });
  });
});

/**
 * gears.glb (three Draco-compressed meshes, bufferViews at 2224, 39932 and 65372 of the file) with
 * one more mesh that is not compressed and whose data lies past the cut, cut at 50 000 bytes: that
 * mesh fails at once, while the Draco meshes still wait for their decoder to start. Three's
 * decoder, disposed by the failed load, used to start fresh workers when it came up and decode
 * (and log errors about) the cut meshes after the load had failed, workers nobody ended.
 */
async function cutGearsWithPlainMesh(): Promise<string> {
  const bytes = new Uint8Array(await (await fetch(fixtureSource('gltf/gears.glb').filePath)).arrayBuffer());
  const dv = new DataView(bytes.buffer);
  const jsonLength = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as {
    bufferViews: object[];
    accessors: object[];
    meshes: object[];
    nodes: object[];
    scenes: { nodes: number[] }[];
  };
  const bin = bytes.subarray(20 + jsonLength);
  json.bufferViews.push({ buffer: 0, byteOffset: 70_000, byteLength: 1200 });
  json.accessors.push({
    bufferView: json.bufferViews.length - 1,
    componentType: 5126,
    count: 100,
    type: 'VEC3',
    min: [0, 0, 0],
    max: [1, 1, 1],
  });
  json.meshes.push({ primitives: [{ attributes: { POSITION: json.accessors.length - 1 } }] });
  json.nodes.push({ mesh: json.meshes.length - 1 });
  json.scenes[0]!.nodes.push(json.nodes.length - 1);
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const out = new Uint8Array(20 + jsonBytes.length + bin.length);
  const odv = new DataView(out.buffer);
  odv.setUint32(0, 0x46546c67, true);
  odv.setUint32(4, 2, true);
  odv.setUint32(8, out.length, true);
  odv.setUint32(12, jsonBytes.length, true);
  odv.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  out.set(bin, 20 + jsonBytes.length);
  const cut = out.subarray(0, 20 + jsonBytes.length + 8 + (50_000 - 2224));
  let b64 = '';
  for (let i = 0; i < cut.length; i += 0x8000) b64 += String.fromCharCode(...cut.subarray(i, i + 0x8000));
  return commands.writeTempFile('gears.glb', btoa(b64), true);
}

const fromDecoder = (text: string) => /DRACOLoader|Draco/i.test(text) && !text.startsWith('[dash3d]');

describe('a truncated Draco model', () => {
  it('fails with a readable message, not [object Object]', async () => {
    const m = await mountSpace(scene);
    // Cut in the second Draco mesh: its decoder rejects with a plain object.
    const url = await commands.truncatedFixture('gltf/gears.glb', 50_000);
    await m.update(scene, { models: { g: single(url, 'gears.glb') } });
    const r = await resultOf(m, 'g');
    expect(r.type).toBe('model-error');
    const message = (r as { message: string }).message;
    expect(message).toMatch(/^gears\.glb: the file is damaged or truncated \(its Draco-compressed data could not be decoded \(.+\)\)$/);
    expect(message).not.toContain('[object Object]');
    await waitFor(() => corner(m).includes(message), 'the message in the corner');
  });

  it('its decoders stop with the failed load: none decodes or logs afterwards, and a whole Draco model loads next', async () => {
    const m = await mountSpace(scene);
    const url = await cutGearsWithPlainMesh();
    await commands.consoleStart();
    await m.update(scene, { models: { g: single(url, 'gears.glb') } });
    const r = await resultOf(m, 'g');
    expect(r.type).toBe('model-error');
    expect((r as { message: string }).message).toMatch(/^gears\.glb: the file is damaged or truncated \(.+\)$/);

    // Loading a whole Draco model after the failure proves the decoder works again, and gives any
    // decoding left over from the failed load time to show in the console.
    const from = m.events.length;
    await m.update(scene, { models: { g: { src: fixtureSource('gltf/gears.glb') } } });
    expect((await resultOf(m, 'g', from)).type).toBe('model-loaded');
    await m.handle.settled();
    const fromDecoders = (await commands.consoleEntries()).filter((e) => fromDecoder(e.text));
    expect(fromDecoders).toEqual([]);
  });
});
