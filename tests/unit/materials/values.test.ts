import { describe, expect, it } from 'vitest';
import { interpretValue, isTextureSlot } from '../../../worker/materials/values';
import { Texture } from 'three';

const hexOf = (v: unknown) => {
  const r = interpretValue(v);
  return r.kind === 'colour' ? r.colour.getHexString() : r.kind;
};

describe('material value interpretation (spec §5)', () => {
  it.each([
    ['#f00', 'ff0000'],
    ['#00FF00', '00ff00'],
    ['rgb(0, 0, 255)', '0000ff'],
    ['rgba(255,255,0,0.5)', 'ffff00'],
    ['hsl(0, 100%, 50%)', 'ff0000'],
    ['hsla(120,100%,50%,0.3)', '00ff00'],
    ['black', '000000'],
    ['WHITE', 'ffffff'],
    ['Red', 'ff0000'],
    ['green', '008000'],
    ['blue', '0000ff'],
    ['Cyan', '00ffff'],
    ['MAGENTA', 'ff00ff'],
    ['yellow', 'ffff00'],
    ['grey', '808080'],
  ])('%s is the colour #%s (sRGB)', (value, hex) => {
    expect(hexOf(value)).toBe(hex);
  });

  it.each([
    'a.jpg',
    'a.jpeg',
    'a.png',
    'a.gif',
    'a.bmp',
    'a.svg',
    'a.webp',
    'DIR/B.JPG',
    'x/y.PnG',
    '/media/t/c.WEBP',
    'https://h/x.jpeg?v=2',
  ])('%s is an image', (value) => {
    expect(interpretValue(value)).toEqual({ kind: 'image', url: value });
  });

  it.each(['purple', 'reddish', 'a.tiff', 'a.png.txt', 'png', '#ff00f', 'rgb', 'hsl(red)', '', 'FrontSide'])(
    '%j is neither: used as it is',
    (value) => {
      expect(interpretValue(value)).toEqual({ kind: 'plain', value });
    },
  );

  it('non-strings are used as they are', () => {
    expect(interpretValue(0.5)).toEqual({ kind: 'plain', value: 0.5 });
    expect(interpretValue(true)).toEqual({ kind: 'plain', value: true });
    expect(interpretValue(null)).toEqual({ kind: 'plain', value: null });
  });

  it('texture slots are properties named like maps holding nothing or a texture', () => {
    expect(isTextureSlot('map', null)).toBe(true);
    expect(isTextureSlot('normalMap', new Texture())).toBe(true);
    expect(isTextureSlot('color', null)).toBe(false);
    expect(isTextureSlot('bumpMap', 1)).toBe(false);
  });
});
