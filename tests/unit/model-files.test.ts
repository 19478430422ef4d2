import { afterEach, describe, expect, it } from 'vitest';
import { chooseMainFile, onlyCompanions } from '../../shared/model-files';
import { baseName, urlPath } from '../../shared/paths';
import { mainFileOf } from '../../worker/models/load/files';
import { setAllowedOrigins, setBaseUrl } from '../../worker/engine/urls';

/*
 * Which file of an upload is the model: one rule (shared/model-files.ts) for the model panel, the
 * host's labels and the render worker. These are the cases the three rules it replaced each had.
 */

const f = (name: string, url = `/media/3d/${'A'.repeat(32)}/${name}`) => ({ uid: name, name, url });
const list = (...files: ReturnType<typeof f>[]) => ({ filePath: '', fileList: files });

describe('the main file of a model source', () => {
  it('is the model among its companions, whatever the order and the case of its extension', () => {
    expect(chooseMainFile(list(f('scene.bin'), f('tex.png'), f('Scene.GLTF')))).toMatchObject({ name: 'Scene.GLTF', format: 'gltf' });
    expect(chooseMainFile(list(f('a.mtl'), f('a.jpg'), f('a.obj')))).toMatchObject({ name: 'a.obj', format: 'obj' });
    expect(chooseMainFile(list(f('a.fbx')))?.format).toBe('fbx');
    expect(chooseMainFile(list(f('cloud.pcd')))?.format).toBe('pcd');
    // The first model of the list wins when filePath says nothing.
    expect(chooseMainFile(list(f('a.glb'), f('b.obj')))?.name).toBe('a.glb');
  });

  it('is none when only companions were uploaded', () => {
    expect(chooseMainFile(list(f('a.mtl'), f('a.png')))).toBeUndefined();
    expect(chooseMainFile(list())).toBeUndefined();
    expect(chooseMainFile({ fileList: [f('scene.bin')] })).toBeUndefined();
  });

  it('reads the format from the url when the name has none, and names a file by its url when it has no name', () => {
    expect(chooseMainFile(list(f('robot', '/media/robot.glb?v=3')))).toEqual({ url: '/media/robot.glb?v=3', name: 'robot', format: 'glb' });
    expect(chooseMainFile(list(f('', '/media/my%20robot.glb#x')))).toEqual({
      url: '/media/my%20robot.glb#x',
      name: 'my robot.glb',
      format: 'glb',
    });
  });

  it('is the file filePath points at (by url or by name) before the first model of the list', () => {
    const files = [f('a.glb'), f('b.obj'), f('b.mtl')];
    expect(chooseMainFile({ filePath: files[1]!.url, fileList: files })?.name).toBe('b.obj');
    expect(chooseMainFile({ filePath: 'b.obj', fileList: files })?.name).toBe('b.obj');
  });

  it('is filePath itself when the list does not hold it (a model by URL), named by its last segment', () => {
    expect(chooseMainFile({ filePath: 'http://127.0.0.1:5173/models/Big%20Duck.gltf?x=1', fileList: [] })).toEqual({
      url: 'http://127.0.0.1:5173/models/Big%20Duck.gltf?x=1',
      name: 'Big Duck.gltf',
      format: 'gltf',
    });
  });

  it('falls back to the list when filePath names no model format', () => {
    const files = [f('a.png'), f('a.obj')];
    expect(chooseMainFile({ filePath: files[0]!.url, fileList: files })?.name).toBe('a.obj');
    expect(chooseMainFile({ filePath: 'notes.txt', fileList: [f('a.png')] })).toBeUndefined();
  });
});

describe('companions without their model', () => {
  it('is nothing to load and nothing wrong', () => {
    expect(onlyCompanions(list(f('scene.bin')))).toBe(true);
    expect(onlyCompanions(list())).toBe(true);
  });

  it('is not the case once a model is among the files, or a filePath is given (loading it says what is wrong)', () => {
    expect(onlyCompanions(list(f('scene.bin'), f('scene.gltf')))).toBe(false);
    expect(onlyCompanions({ filePath: 'notes.txt', fileList: [f('scene.bin')] })).toBe(false);
  });
});

describe('the render worker loads the chosen file', () => {
  const PAGE = 'http://127.0.0.1:5173/editor/';
  afterEach(() => {
    setBaseUrl(PAGE);
    setAllowedOrigins([PAGE]);
  });

  it('with its url resolved against the page', () => {
    setBaseUrl(PAGE);
    expect(mainFileOf(list(f('a.bin', 'a.bin'), f('a.gltf', 'models/a.gltf')))).toEqual({
      url: 'http://127.0.0.1:5173/editor/models/a.gltf',
      name: 'a.gltf',
      format: 'gltf',
    });
  });

  it('and says which files are not a model when none is', () => {
    expect(() => mainFileOf(list(f('a.mtl'), f('a.png')))).toThrow('a.mtl, a.png: not a supported model file (obj, glb, gltf, fbx or pcd)');
    expect(() => mainFileOf({ filePath: '/x/notes.txt?v=1', fileList: [] })).toThrow('notes.txt: not a supported model file');
  });
});

describe('url pieces', () => {
  it('drops the query and the hash', () => {
    expect(urlPath('/a/b.glb?v=1#top')).toBe('/a/b.glb');
    expect(urlPath('/a/b.glb#x?y')).toBe('/a/b.glb');
    expect(urlPath('')).toBe('');
  });

  it('names a file by its last segment, Windows paths and stray % included', () => {
    expect(baseName('C:\\models\\Robot.OBJ')).toBe('Robot.OBJ');
    expect(baseName('/m/100%.png')).toBe('100%.png');
    expect(baseName('/m/a%20b.png?x')).toBe('a b.png');
  });
});
