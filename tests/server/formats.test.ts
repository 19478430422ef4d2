import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_FORMATS, MSG, checkUploadExtension, fileExtension as sharedExtension } from '../../shared/schema';
import { t } from '../../shared/i18n';
import {
  STANDARD_FORMATS,
  contentTypeOf,
  fileExtension,
  parseFormatList,
  refusedExtension,
  unsupportedFormatMessage,
} from '../../server/formats.mjs';
import { checkedSegments, resolveInside, segmentProblem } from '../../server/storage.mjs';
import { optionsFromEnv } from '../../server/config.mjs';

describe('allowed formats: the server and the client agree', () => {
  it("the server's default list is the shared DEFAULT_ALLOWED_FORMATS (the server cannot import TypeScript)", () => {
    expect([...STANDARD_FORMATS].sort()).toEqual([...DEFAULT_ALLOWED_FORMATS].sort());
  });

  it('the issue asks for obj, mtl, glb, gltf, bin, fbx, pcd, airm and common images by default', () => {
    for (const f of ['obj', 'mtl', 'glb', 'gltf', 'bin', 'fbx', 'pcd', 'airm', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'svg', 'webp']) {
      expect(STANDARD_FORMATS).toContain(f);
    }
  });

  it('extensions and refusals match the shared check on the same names and lists', () => {
    const names = ['a.GLB', 'b.tar.gz', 'noext', '.hidden', 'dir.v2/file', 'x.', 'Robot.Expressive.glb', 'tex.JPEG'];
    const lists = [['glb', 'jpeg'], ['.GZ', 'obj'], [], [' Glb ']];
    for (const name of names) {
      expect(fileExtension(name), name).toBe(sharedExtension(name));
      for (const list of lists) {
        const shared = checkUploadExtension(name, list);
        expect(refusedExtension(name, parseFormatList(list)), `${name} ${list.join(',')}`).toBe(shared ? shared.ext : null);
      }
    }
  });

  it("the refusal text is the spec's, as in the English catalogue", () => {
    expect(unsupportedFormatMessage('exe')).toBe(t('en', MSG.unsupportedFormat, { ext: 'exe' }));
  });

  it('configured lists are normalised; MEDIA_ALLOWED_FORMATS="*" allows all, unset keeps the default', () => {
    expect(parseFormatList(' .GLB, obj,,glb ')).toEqual(['glb', 'obj']);
    expect(optionsFromEnv({ MEDIA_TOKEN: 'x', MEDIA_ALLOWED_FORMATS: '*' }).options.allowedFormats).toEqual([]);
    expect(optionsFromEnv({ MEDIA_TOKEN: 'x' }).options.allowedFormats).toBeUndefined();
    expect(optionsFromEnv({ MEDIA_TOKEN: 'x', MEDIA_MAX_UPLOAD_MB: '2' }).options.maxUploadBytes).toBe(2 * 1024 * 1024);
    expect(() => optionsFromEnv({ MEDIA_MAX_UPLOAD_MB: '-1' })).toThrow(/MEDIA_MAX_UPLOAD_MB/);
    const generated = optionsFromEnv({});
    expect(generated.tokenGenerated).toBe(true);
    expect(generated.options.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('content types of the model, material and image formats', () => {
    expect(contentTypeOf('a.glb')).toBe('model/gltf-binary');
    expect(contentTypeOf('a.GLTF')).toBe('model/gltf+json');
    expect(contentTypeOf('a.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('a.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('m.airm')).toMatch(/^application\/json/);
    expect(contentTypeOf('x.unknown')).toBe('application/octet-stream');
  });
});

describe('path checks', () => {
  it('accepts ordinary catalogs and names', () => {
    expect(checkedSegments('')).toEqual([]);
    expect(checkedSegments('3d/materials/')).toEqual(['3d', 'materials']);
    expect(checkedSegments('3d/abc/Robot Expressive (1).glb')).toEqual(['3d', 'abc', 'Robot Expressive (1).glb']);
    expect(checkedSegments('材质/100%.png')).toEqual(['材质', '100%.png']);
    expect(segmentProblem('a..b.glb')).toBeNull();
  });

  it('refuses traversal in every spelling with a 400', () => {
    for (const bad of [
      '..',
      'a/../b',
      '/abs',
      'C:\\x',
      'c:/x',
      'a\\b',
      'a\0b',
      'a//b',
      '%2e%2e',
      'x/%2E%2E/y',
      '%2f',
      'a%5cb',
      '%252e%252e',
      '.env',
      'a/./b',
    ]) {
      expect(() => checkedSegments(bad), bad).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });

  it('resolveInside never answers a path outside the root', () => {
    expect(resolveInside('/srv/media', ['a', 'b'])).toBe('/srv/media/a/b');
    expect(() => resolveInside('/srv/media', ['..', 'etc'])).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => resolveInside('/srv/media', ['/etc'])).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
