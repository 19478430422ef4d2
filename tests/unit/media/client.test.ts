import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAllowedFormats, fetchMediaOrigins, listCatalog, listMaterialRoots, thumbnailUrl } from '../../../src/media/client';
import type { MediaAccess } from '../../../src/host/types';
import { BUILT_IN_MATERIAL_CATALOG } from '../../../shared/schema/media';
import { MATERIAL_CATALOG } from '../../../shared/schema/material';

const media: MediaAccess = {
  baseUrl: 'http://media.test/',
  headers: () => ({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' }),
  allowedFormats: [],
};

const entry = (name: string, catalog: string) => ({ name, path: `${catalog}/${name}`, filePath: `/media/${catalog}/${name}` });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake fetch answering per catalog; records every call. */
function stubFetch(answer: (catalog: string | null, url: URL) => Response | Promise<Response>) {
  const calls: { url: URL; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      calls.push({ url, headers: new Headers(init?.headers) });
      return answer(url.searchParams.get('catalog'), url);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('listCatalog', () => {
  it('asks core/mediaLibrary?catalog= with the auth header (no content type) and answers the entries', async () => {
    const calls = stubFetch((c) => json([entry('a.airm', c!), { junk: true }, entry('b.airm', c!)]));
    const list = await listCatalog(media, '3d/materials');
    expect(list.map((e) => e.name)).toEqual(['a.airm', 'b.airm']);
    expect(calls[0]!.url.pathname).toBe('/core/mediaLibrary');
    expect(calls[0]!.url.search).toBe('?catalog=3d/materials');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(calls[0]!.headers.has('content-type')).toBe(false);
  });

  it.each([
    ['a 500', () => json({ error: 'boom' }, 500)],
    ['a 401', () => json({ error: 'no' }, 401)],
    ['not JSON', () => new Response('<html>', { status: 200 })],
    ['not a list', () => json({ entries: [] })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('is silent on %s: an empty list, nothing thrown or logged', async (_, answer) => {
    stubFetch(answer);
    const error = vi.spyOn(console, 'error');
    await expect(listCatalog(media, 'x')).resolves.toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('listMaterialRoots', () => {
  it('asks both root catalogs in parallel', async () => {
    let inFlight = 0;
    let most = 0;
    const calls = stubFetch(async (c) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight--;
      return json([entry('m', c!)]);
    });
    const roots = await listMaterialRoots(media);
    expect(calls.map((c) => c.url.searchParams.get('catalog')).sort()).toEqual([BUILT_IN_MATERIAL_CATALOG, MATERIAL_CATALOG].sort());
    expect(most).toBe(2);
    expect(roots.user[0]!.path).toBe(`${MATERIAL_CATALOG}/m`);
    expect(roots.builtIn[0]!.path).toBe(`${BUILT_IN_MATERIAL_CATALOG}/m`);
  });

  it('uses each answer only if it succeeded', async () => {
    stubFetch((c) => (c === MATERIAL_CATALOG ? json({ error: 'down' }, 503) : json([entry('steel', c!)])));
    expect(await listMaterialRoots(media)).toEqual({ user: [], builtIn: [entry('steel', BUILT_IN_MATERIAL_CATALOG)] });
    vi.unstubAllGlobals();
    stubFetch((c) => (c === BUILT_IN_MATERIAL_CATALOG ? Promise.reject(new TypeError('offline')) : json([entry('mine', c!)])));
    expect(await listMaterialRoots(media)).toEqual({ user: [entry('mine', MATERIAL_CATALOG)], builtIn: [] });
  });
});

describe('thumbnailUrl', () => {
  it('is media URL + file path + /cut.jpg with a random query', () => {
    const a = thumbnailUrl(media, '/media/built-in/materials/steel-physical');
    const b = thumbnailUrl(media, '/media/built-in/materials/steel-physical');
    expect(a).toMatch(/^http:\/\/media\.test\/media\/built-in\/materials\/steel-physical\/cut\.jpg\?[0-9A-Za-z]+$/);
    expect(a).not.toBe(b);
    expect(thumbnailUrl({ ...media, baseUrl: '/' }, 'media/x/')).toMatch(/^\/media\/x\/cut\.jpg\?/);
  });
});

describe('fetchAllowedFormats', () => {
  it('reads allowedFormats from core/mediaLibrary/config, null when it cannot', async () => {
    const calls = stubFetch(() => json({ allowedFormats: ['glb', 'obj'], maxUploadBytes: 1 }));
    expect(await fetchAllowedFormats(media)).toEqual(['glb', 'obj']);
    expect(calls[0]!.url.pathname).toBe('/core/mediaLibrary/config');
    vi.unstubAllGlobals();
    stubFetch(() => json({}, 500));
    expect(await fetchAllowedFormats(media)).toBeNull();
  });
});

describe('fetchMediaOrigins', () => {
  it('reads the service file origins without a session; anything but http(s) origins counts as none', async () => {
    const calls = stubFetch(() => json({ origins: ['https://cdn.example.com'] }));
    expect(await fetchMediaOrigins(media)).toEqual(['https://cdn.example.com']);
    expect(calls[0]!.url.pathname).toBe('/core/mediaLibrary/origins');
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    vi.unstubAllGlobals();
    stubFetch(() => json({ origins: ['https://cdn.example.com/path', 'javascript:alert(1)', 'https://ok.example', 5] }));
    expect(await fetchMediaOrigins(media)).toEqual(['https://ok.example']);
    vi.unstubAllGlobals();
    stubFetch(() => json({}, 404));
    expect(await fetchMediaOrigins(media)).toEqual([]);
  });
});
