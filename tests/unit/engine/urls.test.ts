import { afterEach, describe, expect, it } from 'vitest';
import {
  allowedOrigins,
  isAllowedUrl,
  RefusedUrlError,
  refusedUri,
  resolveOrRefuse,
  resolveUrl,
  setAllowedOrigins,
  setBaseUrl,
} from '../../../worker/engine/urls';
import { companionResolver, mainFileOf } from '../../../worker/models/load/files';
import { createJob, describeFailure } from '../../../worker/models/load/job';
import { ModelLimitsSchema } from '../../../shared/schema/limits';

const PAGE = 'http://127.0.0.1:5173/editor/?scene=abc';

afterEach(() => {
  setBaseUrl(PAGE);
  setAllowedOrigins([PAGE]);
});

describe('which URLs the render worker may request (issue 8 §1)', () => {
  it('allows the media origin and the listed ones, inline data, and nothing else', () => {
    setBaseUrl(PAGE);
    setAllowedOrigins(['http://127.0.0.1:5173/', 'https://cdn.example.com']);
    expect(allowedOrigins()).toEqual(['http://127.0.0.1:5173', 'https://cdn.example.com']);
    expect(resolveUrl('/media/3d/a/robot.glb')).toBe('http://127.0.0.1:5173/media/3d/a/robot.glb');
    expect(resolveUrl('textures/a.png')).toBe('http://127.0.0.1:5173/editor/textures/a.png');
    expect(resolveUrl('https://cdn.example.com/x.bin')).toBe('https://cdn.example.com/x.bin');
    expect(isAllowedUrl('data:application/octet-stream;base64,AAAA')).toBe(true);
    expect(isAllowedUrl('blob:http://127.0.0.1:5173/0b0c')).toBe(true);
    for (const bad of [
      'http://203.0.113.1/x.bin',
      '//host/y.png',
      'file:///etc/passwd',
      'http://127.0.0.1:5174/api/dashboards',
      'https://127.0.0.1:5173/x.png',
      'ftp://127.0.0.1:5173/x.png',
      'javascript:alert(1)',
    ]) {
      expect(() => resolveUrl(bad), bad).toThrow(RefusedUrlError);
      expect(() => resolveUrl(bad)).toThrow(`${bad} is refused: files load only from http://127.0.0.1:5173, https://cdn.example.com`);
    }
  });

  it('never allows an opaque origin, whatever the host lists', () => {
    setAllowedOrigins(['null', 'file:///etc', 'data:text/plain,x', 'not a url']);
    expect(allowedOrigins()).toEqual([]);
    expect(isAllowedUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedUrl(PAGE)).toBe(false);
  });

  it('a URL modifier gets a scheme nothing fetches, which gives the URI back for the message', () => {
    setBaseUrl(PAGE);
    setAllowedOrigins([PAGE]);
    const mapped = resolveOrRefuse('//host/y.png', 'http://127.0.0.1:5173/media/m/scene.gltf');
    expect(mapped.startsWith('dash3d-refused:')).toBe(true);
    expect(refusedUri(mapped)).toBe('//host/y.png');
    expect(() => resolveUrl(mapped)).toThrow('//host/y.png is refused');
    expect(resolveOrRefuse('y.png', 'http://127.0.0.1:5173/media/m/scene.gltf')).toBe('http://127.0.0.1:5173/media/m/y.png');
  });

  it("a model's own references are checked: the main file, and what a file without a list names", () => {
    setBaseUrl(PAGE);
    setAllowedOrigins([PAGE]);
    expect(() => mainFileOf({ filePath: 'http://203.0.113.1/scene.gltf', fileList: [] })).toThrow(
      'http://203.0.113.1/scene.gltf is refused',
    );
    const src = { filePath: '/media/m/scene.gltf', fileList: [] };
    const main = mainFileOf(src);
    const resolve = companionResolver(src, main);
    expect(resolve('scene.bin')).toBe('http://127.0.0.1:5173/media/m/scene.bin');
    expect(refusedUri(resolve('http://203.0.113.1/x.bin'))).toBe('http://203.0.113.1/x.bin');
    expect(refusedUri(resolve('file:///etc/passwd'))).toBe('file:///etc/passwd');
    // A file list entry outside the allowed origins is refused too.
    const listed = {
      filePath: '',
      fileList: [
        { uid: '1', name: 'scene.gltf', url: '/media/m/scene.gltf' },
        { uid: '2', name: 'x.bin', url: 'http://203.0.113.1/x.bin' },
      ],
    };
    expect(refusedUri(companionResolver(listed, mainFileOf(listed))('x.bin'))).toBe('http://203.0.113.1/x.bin');
  });

  it('a load that failed on a refused buffer says so, naming the URI', () => {
    setBaseUrl(PAGE);
    setAllowedOrigins([PAGE]);
    const src = { filePath: '/media/m/scene.gltf', fileList: [] };
    const job = createJob(src, mainFileOf(src), {
      signal: new AbortController().signal,
      ktx2: {},
      viewport: { width: 1, height: 1 },
      limits: ModelLimitsSchema.parse({}),
    });
    job.resolve('http://203.0.113.1/x.bin');
    expect(describeFailure(job, new TypeError('Failed to fetch'))).toBe(
      'scene.gltf: http://203.0.113.1/x.bin is refused: files load only from http://127.0.0.1:5173 (the media library and the origins the host allows)',
    );
  });
});
