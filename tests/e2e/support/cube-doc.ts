import { MODEL_WIDGET, SPACE_WIDGET } from '../../../shared/schema/dashboard';

/** The built-in cube (100 units, centred on the origin, material 'CubeBlue'), served by the media library. */
export const CUBE = '/media/built-in/models/cube.obj';

/**
 * A dashboard of one 3D space holding the built-in cube, not fitted, seen straight on from z = 400
 * on black with no ground or environment map: the lit cube's front face fills the middle of the canvas.
 */
export function cubeInSpaceDoc({ id, name, spaceId, modelId }: { id: string; name: string; spaceId: string; modelId: string }) {
  return {
    id,
    name,
    widgets: [
      {
        id: spaceId,
        type: SPACE_WIDGET,
        layout: { x: 0, y: 0, w: 1000, h: 600 },
        config: {
          sceneConfig: { background: '#000000', ground: { enable: false } },
          environmentConfig: { enable: false },
          cameraConfig: { cameraPositon: { x: 0, y: 0, z: 400 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
        },
        children: [
          {
            id: modelId,
            type: MODEL_WIDGET,
            // Its frame (and move handle) kept clear of the middle of the scene, where tests click and look.
            layout: { x: 20, y: 480, w: 200, h: 100 },
            config: {
              src: {
                filePath: CUBE,
                fileList: [
                  { uid: 'cube-obj', name: 'cube.obj', url: CUBE },
                  { uid: 'cube-mtl', name: 'cube.mtl', url: CUBE.replace(/obj$/, 'mtl') },
                ],
              },
              adaptive: false,
            },
            children: [],
          },
        ],
      },
    ],
  };
}
