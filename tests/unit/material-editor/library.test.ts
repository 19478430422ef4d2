import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { materialDisplayName, newMaterial } from '../../../shared/schema/material';
import type { MediaAccess } from '../../../src/host/types';
import { LibraryError } from '../../../src/material-editor/library/errors';
import { loadMaterialLibrary, type LibraryItem } from '../../../src/material-editor/library/listing';
import { vetTextures } from '../../../src/material-editor/library/open';
import { airmFileName, checkName, copyName, saveMaterial } from '../../../src/material-editor/library/store';

const media: MediaAccess = {
  baseUrl: 'http://media.test/',
  headers: () => ({ Authorization: 'Bearer t', 'Content-Type': 'application/json' }),
  allowedFormats: [],
};

const item = (name: string, folder = `3d/materials/custom_${name.replace(/\W/g, '')}`): LibraryItem => ({
  path: `${folder}/${name}-physical.airm`,
  name,
  fileName: `${name}-physical.airm`,
  folder,
  url: `http://media.test/media/${folder}/${name}-physical.airm`,
  thumbnail: '',
  builtIn: false,
});

/** One XMLHttpRequest as uploadFile sends it: what went out, answered like the media service. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  parts: Array<{ field: string; name: string; type: string; text: string; bytes: number[] }>;
}
let sent: Sent[] = [];
let failUpload: ((url: string) => boolean) | null = null;

class FakeXhr {
  upload = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private req: Sent = { method: '', url: '', headers: {}, parts: [] };
  open(method: string, url: string) {
    this.req = { method, url, headers: {}, parts: [] };
  }
  setRequestHeader(k: string, v: string) {
    this.req.headers[k] = v;
  }
  abort() {}
  send(body: FormData) {
    void (async () => {
      for (const [field, v] of body.entries()) {
        if (typeof v === 'string') continue;
        const buf = new Uint8Array(await v.arrayBuffer());
        this.req.parts.push({ field, name: v.name, type: v.type, text: new TextDecoder().decode(buf), bytes: [...buf.subarray(0, 3)] });
      }
      sent.push(this.req);
      const u = new URL(this.req.url);
      const catalog = u.searchParams.get('catalog')!;
      const name = this.req.parts[0]!.name;
      this.status = failUpload?.(this.req.url) ? 500 : 200;
      this.responseText = JSON.stringify(this.status === 200 ? { url: `/media/${catalog}/${name}` } : { error: 'disk full' });
      this.onload?.();
    })();
  }
}

const deleted: string[] = [];
beforeEach(() => {
  sent = [];
  deleted.length = 0;
  failUpload = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') deleted.push(decodeURIComponent(new URL(url).searchParams.get('path')!));
      return Promise.resolve(new Response('{}', { status: 200 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const JPEG = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1])], { type: 'image/jpeg' });

describe('names', () => {
  it('display names drop the last hyphen segment, else the extension (spec §3)', () => {
    expect(materialDisplayName('red-brick-physical.airm')).toBe('red-brick');
    expect(materialDisplayName('Red Lacquer-physical.airm')).toBe('Red Lacquer');
    expect(materialDisplayName('plain.airm')).toBe('plain');
  });

  it('a name must not be empty nor, trimmed and in any case, another user material’s', () => {
    const users = [item('Red Paint'), item('Blue')];
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof LibraryError ? e.key : String(e);
      }
      return 'ok';
    };
    expect(code(() => checkName('   ', users))).toBe('msg.nameEmpty');
    expect(code(() => checkName('  red PAINT ', users))).toBe('msg.nameDuplicated');
    expect(code(() => checkName('Red Paint', users, users[0]))).toBe('ok');
    expect(checkName('  Green ', users)).toBe('Green');
  });

  it('file names are <name>-<type>.airm, safe for the service; copies get a free name', () => {
    expect(airmFileName('Red Paint', 'physical')).toBe('Red Paint-physical.airm');
    expect(airmFileName('a/b\\c', 'MeshStandardMaterial')).toBe('a_b_c-physical.airm');
    expect(airmFileName('.hidden', 'points')).toBe('_hidden-points.airm');
    expect(copyName('Steel', [item('Steel copy'), item('steel COPY 2')])).toBe('Steel copy 3');
  });
});

describe('saveMaterial: the request shape', () => {
  it('uploads <name>-<type>.airm (JSON) then cut.jpg (JPEG) as field "file" into 3d/materials/custom_<32>, cover, no-cache', async () => {
    const saved = await saveMaterial(media, newMaterial({ name: ' Red Paint ', color: '#ff0000' }), JPEG, { users: [item('Blue')] });
    expect(sent).toHaveLength(2);
    const folder = saved.folder;
    expect(folder).toMatch(/^3d\/materials\/custom_[A-Za-z0-9]{32}$/);
    for (const r of sent) {
      expect(r.method).toBe('POST');
      expect(r.url).toBe(`http://media.test/core/mediaLibrary/upload?catalog=${folder}&action=cover`);
      expect(r.headers).toEqual({ Authorization: 'Bearer t', 'Cache-Control': 'no-cache' });
    }
    const [airm, cut] = sent.map((r) => r.parts);
    expect(airm).toEqual([expect.objectContaining({ field: 'file', name: 'Red Paint-physical.airm', type: 'application/json' })]);
    expect(JSON.parse(airm![0]!.text)).toMatchObject({ formatVersion: 1, material: { name: 'Red Paint', color: '#ff0000' } });
    expect(cut).toEqual([expect.objectContaining({ field: 'file', name: 'cut.jpg', type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] })]);
    expect(saved).toMatchObject({ name: 'Red Paint', fileName: 'Red Paint-physical.airm', builtIn: false });
    expect(deleted).toEqual([]);
  });

  it('saving an opened user material writes into its folder; a new name then deletes the old .airm', async () => {
    const mine = item('Red Paint', '3d/materials/custom_0123456789abcdefghijABCDEFGHIJ01');
    await saveMaterial(media, newMaterial({ name: 'Red Paint' }), JPEG, { existing: mine, users: [mine] });
    expect(sent.every((r) => r.url.includes(`catalog=${mine.folder}&`))).toBe(true);
    expect(deleted).toEqual([]);
    sent = [];
    await saveMaterial(media, newMaterial({ name: 'Red Lacquer' }), JPEG, { existing: mine, users: [mine] });
    expect(sent.map((r) => r.parts[0]!.name)).toEqual(['Red Lacquer-physical.airm', 'cut.jpg']);
    expect(deleted).toEqual([mine.path]);
  });

  it('an old .airm already gone (renamed elsewhere) does not fail the save; another refusal does', async () => {
    const mine = item('Red Paint');
    let status = 404;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: 'the built-in resources are read-only' }, { status }))),
    );
    await expect(saveMaterial(media, newMaterial({ name: 'Renamed' }), JPEG, { existing: mine, users: [mine] })).resolves.toMatchObject({
      name: 'Renamed',
    });
    status = 403;
    await expect(saveMaterial(media, newMaterial({ name: 'Again' }), JPEG, { existing: mine, users: [mine] })).rejects.toMatchObject({
      key: 'library.saveFailed',
      params: { reason: 'the built-in resources are read-only' },
    });
  });

  it('a refused name sends nothing; a failed upload throws and deletes nothing', async () => {
    await expect(saveMaterial(media, newMaterial({ name: 'blue' }), JPEG, { users: [item('Blue')] })).rejects.toMatchObject({
      key: 'msg.nameDuplicated',
    });
    expect(sent).toEqual([]);
    failUpload = (url) => url.includes('upload');
    const mine = item('Red Paint');
    await expect(saveMaterial(media, newMaterial({ name: 'Other' }), JPEG, { existing: mine, users: [mine] })).rejects.toMatchObject({
      key: 'library.saveFailed',
      params: { name: 'Other', reason: 'disk full' },
    });
    expect(deleted).toEqual([]);
  });
});

describe('opening: texture references', () => {
  const origins = ['http://media.test'];
  const airm = 'http://media.test/media/built-in/materials/oak-physical/oak-physical.airm';
  it('relative textures become paths on the media service; data: passes', () => {
    const out = vetTextures(newMaterial({ map: 'oak.png', bumpMap: 'data:image/png;base64,AAAA' }), airm, origins);
    expect(out).toMatchObject({
      map: 'http://media.test/media/built-in/materials/oak-physical/oak.png',
      bumpMap: 'data:image/png;base64,AAAA',
    });
  });
  it.each([
    ['map', 'javascript:alert(1)'],
    ['normalMap', 'https://evil.example/n.png'],
    ['envMap', 'file:///etc/passwd'],
  ])('refuses %s = %s, naming the field', (field, value) => {
    let thrown: unknown = null;
    try {
      vetTextures(newMaterial({ [field]: value }), airm, origins);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(LibraryError);
    expect(thrown).toMatchObject({ key: 'library.badTexture', params: { field } });
  });
});

describe('listing', () => {
  it('one failing root leaves the other listed; display names come from the file names', async () => {
    const entries: Record<string, unknown> = {
      'built-in/materials': [
        {
          name: 'oak-wood-physical',
          path: 'built-in/materials/oak-wood-physical',
          filePath: '/media/built-in/materials/oak-wood-physical',
          isDir: true,
        },
      ],
      'built-in/materials/oak-wood-physical': [
        {
          name: 'oak-wood-physical.airm',
          path: 'built-in/materials/oak-wood-physical/oak-wood-physical.airm',
          filePath: '/media/built-in/materials/oak-wood-physical/oak-wood-physical.airm',
          isDir: false,
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const catalog = decodeURIComponent(new URL(url).searchParams.get('catalog')!);
        return Promise.resolve(catalog in entries ? Response.json(entries[catalog]) : new Response('no', { status: 500 }));
      }),
    );
    const lib = await loadMaterialLibrary(media);
    expect(lib.user).toEqual([]);
    expect(lib.builtIn).toEqual([
      expect.objectContaining({
        name: 'oak-wood',
        folder: 'built-in/materials/oak-wood-physical',
        builtIn: true,
        url: 'http://media.test/media/built-in/materials/oak-wood-physical/oak-wood-physical.airm',
      }),
    ]);
    expect(lib.builtIn[0]!.thumbnail).toMatch(
      /^http:\/\/media\.test\/media\/built-in\/materials\/oak-wood-physical\/cut\.jpg\?[A-Za-z0-9]+$/,
    );
  });
});
