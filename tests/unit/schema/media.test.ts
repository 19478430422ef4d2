import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkUploadExtension, DEFAULT_ALLOWED_FORMATS, fileExtension, MaterialLibraryItemSchema, MediaListSchema,
  modelUploadCatalog, MSG, randomId, replacePrefix,
} from '../../../shared/schema';
import { t } from '../../../shared/i18n';

describe('randomId (spec §9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is 32 characters of digits and letters by default', () => {
    expect(randomId()).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(randomId(7)).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(randomId(0)).toBe('');
  });

  it('uses the whole alphabet and does not repeat itself', () => {
    const sample = Array.from({ length: 200 }, () => randomId()).join('');
    expect(new Set(sample).size).toBe(62);
    expect(new Set(Array.from({ length: 50 }, () => randomId())).size).toBe(50);
  });

  it('still works without Web Crypto', () => {
    vi.stubGlobal('crypto', undefined);
    expect(globalThis.crypto).toBeUndefined();
    expect(randomId(40)).toMatch(/^[0-9A-Za-z]{40}$/);
  });

  it('model uploads go to 3d/<32-char id>', () => {
    expect(modelUploadCatalog()).toMatch(/^3d\/[0-9A-Za-z]{32}$/);
    expect(modelUploadCatalog('abc')).toBe('3d/abc');
  });
});

describe('replacePrefix (spec §7)', () => {
  it('replaces $prefix in every string, however deep, and nothing else', () => {
    const input = {
      url: '$prefix/core/mediaLibrary',
      list: ['$prefix/a', { deep: ['x $prefix y $prefix'] }, 3, null, true],
      $prefix: 'key stays',
      n: 1,
    };
    const snapshot = structuredClone(input);
    expect(replacePrefix(input, '/p1')).toEqual({
      url: '/rest/p1/core/mediaLibrary',
      list: ['/rest/p1/a', { deep: ['x /rest/p1 y /rest/p1'] }, 3, null, true],
      $prefix: 'key stays',
      n: 1,
    });
    expect(input).toEqual(snapshot);
  });

  it('inserts the path literally, even with $ patterns, and adds a missing slash', () => {
    expect(replacePrefix('$prefix', "a$&b$'")).toBe("/rest/a$&b$'");
    expect(replacePrefix('$prefix/x', '')).toBe('/rest/x');
    expect(replacePrefix(['$prefix'], 'api')).toEqual(['/rest/api']);
  });

  it('passes non-strings through', () => {
    expect(replacePrefix(42, '/p')).toBe(42);
    expect(replacePrefix(null, '/p')).toBeNull();
  });
});

describe('checkUploadExtension (spec §5)', () => {
  it('allows anything when the list is empty', () => {
    expect(checkUploadExtension('virus.exe', [])).toBeNull();
  });

  it('matches case-insensitively, with or without dots in the list', () => {
    expect(checkUploadExtension('Robot.GLB', ['glb'])).toBeNull();
    expect(checkUploadExtension('robot.glb', ['.GLB', 'fbx'])).toBeNull();
    expect(checkUploadExtension('dir.v2/robot.fbx', DEFAULT_ALLOWED_FORMATS)).toBeNull();
  });

  it('refuses other extensions, naming the extension', () => {
    const r = checkUploadExtension('part.STL', ['glb', 'obj']);
    expect(r).toEqual({ key: MSG.unsupportedFormat, ext: 'stl' });
    expect(t('en', r!.key, { ext: r!.ext })).toBe('unsupported file format not configured in the media library: stl');
    expect(checkUploadExtension('README', ['glb'])).toEqual({ key: MSG.unsupportedFormat, ext: '' });
    expect(checkUploadExtension('.glb', ['glb'])).toEqual({ key: MSG.unsupportedFormat, ext: '' });
  });

  it('fileExtension', () => {
    expect(['a.b.C', 'x/y.z/w', '.hidden', 'n.'].map(fileExtension)).toEqual(['c', '', '', '']);
  });

  it('default list covers model, point cloud, image and material formats', () => {
    for (const f of ['obj', 'glb', 'gltf', 'fbx', 'pcd', 'png', 'jpg', 'airm']) expect(DEFAULT_ALLOWED_FORMATS).toContain(f);
  });
});

describe('media entries', () => {
  it('library item: name, path, filePath', () => {
    expect(MaterialLibraryItemSchema.parse({ name: 'Wood-physical.airm', extra: 1 })).toEqual({ name: 'Wood-physical.airm', path: '', filePath: '' });
    expect(MaterialLibraryItemSchema.safeParse({ path: 'x' }).success).toBe(false);
  });

  it('list entries keep unknown service fields', () => {
    const list = MediaListSchema.parse([{ name: 'a', path: '3d/materials', filePath: '/m/a', size: 3 }]);
    expect(list[0]).toEqual({ name: 'a', path: '3d/materials', filePath: '/m/a', size: 3 });
    expect(MediaListSchema.safeParse({ name: 'a' }).success).toBe(false);
  });
});
