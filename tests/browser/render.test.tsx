import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY, hexToRgb, meanColour, mountSpace, toLinear, unmountAll } from './support/harness';

afterEach(unmountAll);

/**
 * Background colour (a clear, no shader) above the horizon and a ground shaded entirely by fog
 * (no lights: Lambert is black, fog far at 1 turns every ground pixel the fog colour) below it. Both
 * are mid greys so the two encodings are far apart.
 */
const scene = (outputEncoding: string | number) => ({
  ...EMPTY,
  renderConfig: { outputEncoding },
  sceneConfig: {
    background: '#404040',
    ground: { enable: true, width: 20000, height: 20000 },
    fog: { enable: true, color: '#c0c0c0', near: 0, far: 1 },
  },
});
const sky = (p: Parameters<typeof meanColour>[0]) => meanColour(p, 0.2, 0, 0.8, 0.02)[0];
const ground = (p: Parameters<typeof meanColour>[0]) => meanColour(p, 0.2, 0.8, 0.8, 1)[0];
/** A linear output writes the linear value as the byte, without the sRGB curve. */
const linearByte = (hex: string) => Math.round(toLinear(hexToRgb(hex)[0]) * 255);

describe('render settings', () => {
  it('sRGB output shows the configured colours; linear output writes them unencoded, shaders included', async () => {
    const m = await mountSpace(scene('sRGBEncoding'));
    let p = await m.pixels();
    expect(Math.abs(sky(p) - 0x40)).toBeLessThanOrEqual(1);
    expect(Math.abs(ground(p) - 0xc0)).toBeLessThanOrEqual(1);

    // The ground's shader must be recompiled for the new output colour space to change its pixels.
    await m.update(scene('LinearEncoding'));
    p = await m.pixels();
    expect(Math.abs(sky(p) - linearByte('#404040'))).toBeLessThanOrEqual(2);
    expect(Math.abs(ground(p) - linearByte('#c0c0c0'))).toBeLessThanOrEqual(2);

    // Old hosts stored three's numeric constant (3001 = sRGB): it reads as the name.
    await m.update(scene(3001));
    p = await m.pixels();
    expect(Math.abs(sky(p) - 0x40)).toBeLessThanOrEqual(1);
    expect(Math.abs(ground(p) - 0xc0)).toBeLessThanOrEqual(1);
  });
});
