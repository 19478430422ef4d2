import { describe, expect, it } from 'vitest';
import { catalogOfUrl, modelSource, sourceFromLibrary } from '../../../src/widgets/model/files';
import { chooseMainFile } from '../../../shared/model-files';

const mainFileOf = (fileList: { uid: string; name: string; url: string }[]) => chooseMainFile({ fileList });

const f = (name: string, url = `/media/3d/${'A'.repeat(32)}/${name}`) => ({ uid: name, name, url });

describe('the files of one model', () => {
  it('the main file is the model among its companions, whatever the order', () => {
    expect(mainFileOf([f('scene.bin'), f('tex.png'), f('Scene.GLTF')])?.name).toBe('Scene.GLTF');
    expect(mainFileOf([f('a.mtl'), f('a.jpg'), f('a.obj')])?.name).toBe('a.obj');
    expect(mainFileOf([f('cloud.pcd')])?.name).toBe('cloud.pcd');
    expect(mainFileOf([f('a.mtl'), f('a.png')])).toBeUndefined();
  });

  it('src keeps every file and points filePath at the model', () => {
    const files = [f('scene.bin'), f('scene.gltf')];
    expect(modelSource(files)).toEqual({ filePath: files[1]!.url, fileList: files });
    expect(modelSource([f('a.png')])).toEqual({ filePath: '', fileList: [f('a.png')] });
  });

  it('reads the upload catalog back from a url', () => {
    const id = 'aZ09'.repeat(8);
    expect(catalogOfUrl(`/media/3d/${id}/robot.glb`)).toBe(`3d/${id}`);
    expect(catalogOfUrl(`http://cdn.test/media/3d/${id}/a%20b.obj?v=2`)).toBe(`3d/${id}`);
    expect(catalogOfUrl('/media/built-in/models/cube.obj')).toBeNull();
    expect(catalogOfUrl(`/media/3d/${id}/sub/robot.glb`)).toBeNull();
  });

  it('a model chosen in the media library comes with the companions its format refers to, from its folder', () => {
    const dir = (...names: string[]) => names.map((n) => ({ name: n, url: `/media/lib/${n}` }));
    const pick = (main: string, ...folder: string[]) => sourceFromLibrary({ name: main, url: `/media/lib/${main}` }, dir(main, ...folder));
    const names = (src: ReturnType<typeof pick>) => src.fileList.map((x) => x.name);
    // A catalog of samples: only what the chosen model can use, never the other models.
    const samples = ['cube.mtl', 'box.gltf', 'turntable.glb', 'points.pcd'];
    expect(names(pick('cube.obj', ...samples))).toEqual(['cube.obj', 'cube.mtl']);
    expect(pick('cube.obj', ...samples).filePath).toBe('/media/lib/cube.obj');
    expect(names(pick('box.gltf', 'cube.obj', 'box.bin', 'cube.mtl', 'Tex.PNG', 'notes.txt'))).toEqual(['box.gltf', 'box.bin', 'Tex.PNG']);
    expect(names(pick('points.pcd', ...samples))).toEqual(['points.pcd']);
    expect(names(pick('man.fbx', 'skin.jpg', 'a.mtl', 'b.bin'))).toEqual(['man.fbx', 'skin.jpg']);
    // The main file comes first and once, whatever the listing's order.
    expect(names(pick('cube.obj', 'cube.mtl', 'cube.obj'))).toEqual(['cube.obj', 'cube.mtl']);
  });
});
