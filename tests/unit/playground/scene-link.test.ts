import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_LIMITS, bytesToBase64Url, pack, unpack } from '../../../playground/store/scene-link';
import { encodeBase64Url, readUrl, sceneLink } from '../../../playground/store/url';

const doc = {
  id: 'd-中文',
  name: '车间三维看板 · Workshop',
  version: 1,
  widgets: [
    {
      id: 's',
      type: 'threeD-space',
      layout: { x: 0, y: 0, w: 1000, h: 600 },
      config: { sceneConfig: { background: '#123456' } },
      children: [],
    },
  ],
};

describe('#scene= links', () => {
  it('pack and unpack round-trip a document with Chinese text, in base64url characters only', async () => {
    const json = JSON.stringify(doc);
    const packed = await pack(json);
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await unpack(packed)).toEqual({ ok: true, text: json });
  });

  it('packs: a repetitive document is much shorter than its plain base64url', async () => {
    const big = JSON.stringify({ ...doc, widgets: Array.from({ length: 200 }, (_, i) => ({ ...doc.widgets[0], id: `s${i}` })) });
    const packed = await pack(big);
    expect(packed.length * 10).toBeLessThan(encodeBase64Url(big).length);
    expect(await unpack(packed)).toEqual({ ok: true, text: big });
  });

  it('still reads plain base64url JSON (older ?scene= links)', async () => {
    const json = JSON.stringify(doc);
    expect(await unpack(encodeBase64Url(json))).toEqual({ ok: true, text: json });
  });

  it('a link that inflates past the cap stops there with a message naming the limit', async () => {
    // 64 MB of zeros packs into about 64 kB: a zip bomb in a link.
    const bomb = bytesToBase64Url(deflateRawSync(Buffer.alloc(64 * 2 ** 20)));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await unpack(bomb)).toEqual({
      ok: false,
      message: 'playground.error.sceneTooLarge',
      params: { limit: LINK_LIMITS.maxBytes / 2 ** 20 },
    });
    // The same bound for a document just over a smaller cap.
    const json = JSON.stringify(doc);
    const bytes = new TextEncoder().encode(json).length;
    expect((await unpack(await pack(json), bytes - 1)).ok).toBe(false);
    expect((await unpack(await pack(json), bytes)).ok).toBe(true);
  });

  it('damaged links are reported, not thrown', async () => {
    expect(await unpack('not*base64')).toEqual({ ok: false, message: 'playground.error.badScene' });
    const packed = await pack(JSON.stringify(doc));
    expect(await unpack(packed.slice(0, packed.length >> 1))).toMatchObject({ ok: false, message: 'playground.error.sceneNotPacked' });
    expect(await unpack(bytesToBase64Url(new Uint8Array([0xff, 0xfe, 0xfd, 0x00])))).toMatchObject({
      ok: false,
      message: 'playground.error.sceneNotPacked',
    });
  });

  it('the address: the fragment first, the query for older links; sceneLink says when it is too long to share', async () => {
    expect(readUrl('?mode=preview', '#scene=abc')).toEqual({ scene: 'abc', dashboard: null, mode: 'preview', motion: 'auto' });
    expect(readUrl('?scene=old', '')).toEqual({ scene: 'old', dashboard: null, mode: 'edit', motion: 'auto' });
    expect(readUrl('?motion=reduce', '').motion).toBe('reduce');
    expect(readUrl('?motion=full', '').motion).toBe('full');
    expect(readUrl('?motion=<script>', '').motion).toBe('auto');
    const short = await sceneLink(doc, 'preview', 'http://h');
    expect(short.tooLong).toBe(false);
    expect(short.link).toMatch(/^http:\/\/h\/\?mode=preview#scene=[A-Za-z0-9_-]+$/);
    expect(await unpack(new URLSearchParams(short.link.split('#')[1]).get('scene')!)).toEqual({ ok: true, text: JSON.stringify(doc) });
    // Random text does not compress: 300 kB of it cannot travel in a link.
    const noise = Array.from({ length: 4 }, () => bytesToBase64Url(crypto.getRandomValues(new Uint8Array(60_000)))).join('');
    const long = await sceneLink({ ...doc, name: noise }, 'edit', 'http://h');
    expect(long.link.length).toBeGreaterThan(LINK_LIMITS.maxShareChars);
    expect(long.tooLong).toBe(true);
  });

  describe('a browser without CompressionStream / DecompressionStream (Safari before 16.4, Firefox before 113)', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shares a plain link that any browser opens, and says it is uncompressed', async () => {
      vi.stubGlobal('CompressionStream', undefined);
      const link = await sceneLink(doc, 'edit', 'http://h');
      expect(link.compressed).toBe(false);
      const param = new URLSearchParams(link.link.split('#')[1]).get('scene')!;
      expect(param).toBe(encodeBase64Url(JSON.stringify(doc)));
      vi.stubGlobal('DecompressionStream', undefined);
      expect(await unpack(param)).toEqual({ ok: true, text: JSON.stringify(doc) });
    });

    it('says a packed link needs a browser that can unpack it, rather than calling it damaged', async () => {
      const packed = await pack(JSON.stringify(doc));
      vi.stubGlobal('DecompressionStream', undefined);
      expect(await unpack(packed)).toEqual({ ok: false, message: 'playground.error.sceneNeedsUnpacking' });
    });
  });
});
