import { afterAll, describe, expect, it } from 'vitest';
import { commands, server } from 'vitest/browser';
import { loadMaterialLibrary } from '../../../src/material-editor/library/listing';
import { openMaterial } from '../../../src/material-editor/library/open';
import { materialKind } from '../../../shared/schema/material';
import { decodeJpeg, mountPreview, unmountPreviews } from './support';

/**
 * Every seeded material, read from the real media library as the editor reads it and drawn by our
 * own preview. With VITE_WRITE_THUMBNAILS=1 (scripts/render-material-thumbnails.mjs) the same run
 * writes those thumbnails to server/seed-thumbnails.mjs: the shipped cut.jpg files are this output.
 */
const WRITE = import.meta.env.VITE_WRITE_THUMBNAILS === '1';
const OUT = 'server/seed-thumbnails.mjs';

afterAll(unmountPreviews);

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** The module text, in the layout prettier keeps (quoted 100-character slices joined by +). */
function moduleText(thumbs: Array<[string, string]>): string {
  const entries = thumbs.map(([name, b64]) => {
    const slices = b64.match(/.{1,100}/g) ?? [''];
    return `  '${name}':\n${slices.map((p) => `    '${p}'`).join(' +\n')},\n`;
  });
  return [
    '// @ts-check',
    "// Thumbnails (cut.jpg, 128x128 JPEG) of the built-in materials, rendered by the product's own",
    '// material preview: `node scripts/render-material-thumbnails.mjs` writes this',
    '// file. Stored as base64 so the seed needs no image tooling at run time.',
    '',
    '/** @type {Record<string, string>} material folder name -> base64 JPEG */',
    'export const THUMBNAILS = {',
    ...entries.map((e) => e.trimEnd()),
    '};',
    '',
  ].join('\n');
}

/** All thumbnails side by side in one PNG, to look at them before committing (the script's --sheet). */
async function writeSheet(thumbs: Array<[string, string]>, path: string) {
  const sheet = new OffscreenCanvas(128 * 8, 128 * Math.ceil(thumbs.length / 8));
  const ctx = sheet.getContext('2d')!;
  for (const [i, [, b64]] of thumbs.entries()) {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    ctx.drawImage(await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' })), (i % 8) * 128, Math.floor(i / 8) * 128);
  }
  await server.commands.writeFile(path, await base64(await sheet.convertToBlob({ type: 'image/png' })), { encoding: 'base64' });
}

/** Share of distinct 8-level colours: a blank or one-colour image has almost none. */
function variety(p: { data: Uint8Array }): number {
  const seen = new Set<number>();
  for (let i = 0; i < p.data.length; i += 4) seen.add(((p.data[i]! >> 5) << 6) | ((p.data[i + 1]! >> 5) << 3) | (p.data[i + 2]! >> 5));
  return seen.size;
}

describe('the built-in material library', () => {
  it('every built-in opens and renders in the preview without a problem (shader compiles, textures load)', async () => {
    const { baseUrl, token } = await commands.mediaServer();
    const media = { baseUrl, headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] };
    const { builtIn } = await loadMaterialLibrary(media);
    const kinds = builtIn.map((i) =>
      materialKind(
        i.fileName
          .replace(/\.airm$/, '')
          .split('-')
          .pop()!,
      ),
    );
    expect(builtIn.length).toBeGreaterThanOrEqual(12);
    expect(new Set(kinds)).toEqual(new Set(['physical', 'phong', 'shader', 'points']));
    const thumbs: Array<[string, string]> = [];
    const preview = await mountPreview(null, { size: 256 });
    for (const item of builtIn) {
      const material = await openMaterial(media, item, 'en');
      const result = await preview.set(material);
      expect(result, item.name).toEqual({ ok: true, shown: true, problems: [] });
      const jpeg = await preview.handle.thumbnail(128, 128, 0.85);
      const pixels = await decodeJpeg(jpeg);
      expect([pixels.width, pixels.height]).toEqual([128, 128]);
      expect(variety(pixels), item.name).toBeGreaterThan(8);
      thumbs.push([item.fileName.replace(/\.airm$/, ''), await base64(jpeg)]);
    }
    if (WRITE) await server.commands.writeFile(OUT, moduleText(thumbs));
    if (import.meta.env.VITE_THUMBNAIL_SHEET) await writeSheet(thumbs, import.meta.env.VITE_THUMBNAIL_SHEET as string);
  });
});
