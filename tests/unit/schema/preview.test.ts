import { describe, expect, it } from 'vitest';
import { previewSpaceConfig } from '../../../shared/schema/preview';
import { SpaceConfigSchema } from '../../../shared/schema/space';

describe('the material preview scene (spec §9)', () => {
  it('is a valid space: ambient 0.5, a white point light of 50 at (0,5,5), the camera at (-300,100,0), nothing else', () => {
    const c = SpaceConfigSchema.parse(previewSpaceConfig({ envMap: '/env.png' }));
    expect(c.lightConfig.ambientLight).toEqual([expect.objectContaining({ intensity: 0.5, color: '#ffffff' })]);
    expect(c.lightConfig.pointLight).toEqual([
      expect.objectContaining({ intensity: 50, color: '#ffffff', position: { x: 0, y: 5, z: 5 } }),
    ]);
    expect(c.lightConfig.directionalLight).toEqual([]);
    expect(c.cameraConfig.cameraPositon).toEqual({ x: -300, y: 100, z: 0 });
    expect(c.controlConfig.controlType).toBe('orbit');
    expect([c.sceneConfig.ground.enable, c.environmentConfig.enable, c.script]).toEqual([false, false, '']);
    expect(c.sceneConfig.backgroundImage.panorama).toBe('/env.png');
  });

  it("takes a given camera, and the material's envMap over the default image", () => {
    const c = SpaceConfigSchema.parse(previewSpaceConfig({ envMap: '/env.png', camera: { x: 0, y: 0, z: 5 } }, ' /mine.jpg '));
    expect(c.cameraConfig.cameraPositon).toEqual({ x: 0, y: 0, z: 5 });
    expect(c.sceneConfig.backgroundImage.panorama).toBe('/mine.jpg');
  });
});
