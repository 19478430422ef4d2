import { afterEach, describe, expect, it, vi } from 'vitest';
import { AIRM_FORMAT_VERSION, MaterialSchema, parseAirm } from '../../../shared/schema/material';
import { AirmError, airmUrl, fetchAirm } from '../../../worker/materials/airm';
import { setAllowedOrigins } from '../../../worker/engine/urls';
import { AIRM_FORMAT_VERSION as SEED_VERSION, seedFiles } from '../../../server/seed.mjs';

afterEach(() => vi.unstubAllGlobals());

describe('the .airm file (docs/airm.md)', () => {
  it('reads every built-in material the media service seeds, unchanged', () => {
    expect(SEED_VERSION).toBe(AIRM_FORMAT_VERSION);
    const airms = seedFiles().filter(([p]) => p.endsWith('.airm'));
    expect(airms.length).toBeGreaterThan(0);
    for (const [, text] of airms) {
      const parsed = parseAirm(text as string);
      expect(parsed.ok).toBe(true);
      const doc = JSON.parse(text as string) as { material: unknown };
      if (parsed.ok) expect(parsed.material).toEqual(MaterialSchema.parse(doc.material));
    }
  });

  it('fills the defaults of a sparse material and keeps extra three.js fields', () => {
    const parsed = parseAirm(JSON.stringify({ formatVersion: 1, material: { type: 'phong', color: 'red', transparent: true } }));
    expect(parsed.ok && parsed.material).toMatchObject({ type: 'phong', color: 'red', transparent: true, side: 'FrontSide', opacity: 1 });
  });

  it.each([
    ['{not json', '(root): not a JSON document'],
    [JSON.stringify({ material: {} }), 'formatVersion: formatVersion missing is not supported (expected 1)'],
    [JSON.stringify({ formatVersion: 2, material: {} }), 'formatVersion: formatVersion 2 is not supported (expected 1)'],
    [JSON.stringify({ formatVersion: 1 }), 'material'],
    [JSON.stringify({ formatVersion: 1, material: { opacity: 3 } }), 'opacity: msg.valueRange'],
  ])('refuses %s', (text, issue) => {
    const parsed = parseAirm(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')).toContain(issue);
  });

  it('a media-library path is served under /media/; URLs and absolute paths are kept', () => {
    expect(airmUrl('built-in/materials/red plastic-phong/red plastic-phong.airm')).toBe(
      'http://localhost/media/built-in/materials/red%20plastic-phong/red%20plastic-phong.airm',
    );
    expect(airmUrl('/@fs/tmp/x/red.airm')).toBe('http://localhost/@fs/tmp/x/red.airm');
    // Another origin only when the host lists it (engine/urls.ts).
    expect(() => airmUrl('https://cdn.test/m/red.airm')).toThrow('https://cdn.test/m/red.airm is refused');
    setAllowedOrigins(['http://localhost', 'https://cdn.test']);
    expect(airmUrl('https://cdn.test/m/red.airm')).toBe('https://cdn.test/m/red.airm');
  });

  it('a failed fetch or a bad file names the file and the problem, in plain words', async () => {
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(
        url.endsWith('gone.airm') ? new Response('', { status: 404 }) : new Response('{"formatVersion":1,"material":{"opacity":3}}'),
      ),
    );
    const signal = new AbortController().signal;
    const gone = await fetchAirm(airmUrl('a/gone.airm'), signal).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(AirmError);
    expect((gone as Error).message).toBe('material file gone.airm did not load: HTTP 404');
    const bad = await fetchAirm(airmUrl('a/bad.airm'), signal).catch((e: unknown) => e);
    expect((bad as Error).message).toBe('material file bad.airm is not a valid .airm file (material.opacity: Exceeding the value range)');
  });
});
