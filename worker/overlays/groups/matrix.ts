import { Euler, MathUtils, Matrix4, Quaternion, Vector3, type PerspectiveCamera } from 'three';
import type { GroupConfig } from '../../../shared/schema/group';
import { worldPerPixel } from '../../models/raycast';

/**
 * Where a component group's element goes on screen, as one CSS `matrix3d()`: the whole chain from
 * the element's own CSS pixels (origin at its top-left) to the space's CSS pixels (origin at its
 * top-left), perspective divide included, so the main thread applies it to a flat layer without
 * any 3D context of its own (no `perspective`, no `preserve-3d`). The element is centred on its
 * anchor, as three's CSS3DObject centres its element.
 *
 *   screen = viewport · projection · view · model · element
 *
 * At scale 1 one CSS pixel of the element is one world unit (CSS3DRenderer's convention); with
 * isFixd the model is scaled by the world size of one screen pixel at the anchor, so the element
 * keeps its pixel size whatever the distance.
 */

const _element = new Matrix4();
const _model = new Matrix4();
const _viewport = new Matrix4();
const _q = new Quaternion();
const _euler = new Euler();
const _pos = new Vector3();
const _scale = new Vector3();
const _view = new Vector3();

export interface Placement {
  /** matrix3d(), column-major. */
  matrix: number[];
  /** The anchor in front of the camera's near plane (false: behind the camera). */
  inFront: boolean;
  /** The anchor in world space (the occlusion ray's end). */
  anchor: Vector3;
}

/** The camera's matrices must be current (after a draw, or updateMatrixWorld()). */
export function placeGroup(config: GroupConfig, camera: PerspectiveCamera, width: number, height: number, out: Vector3): Placement {
  const { meshConfig: mesh, layoutWidth: w, layoutHeight: h } = config;
  out.set(mesh.position.x, mesh.position.y, mesh.position.z);
  // Element pixels, y down from its top-left, to the group's plane, y up and centred.
  _element.set(1, 0, 0, -w / 2, 0, -1, 0, h / 2, 0, 0, 1, 0, 0, 0, 0, 1);
  if (config.isSprite) camera.getWorldQuaternion(_q);
  else
    _q.setFromEuler(
      _euler.set(MathUtils.degToRad(mesh.rotation.x), MathUtils.degToRad(mesh.rotation.y), MathUtils.degToRad(mesh.rotation.z)),
    );
  const k = config.isFixd ? worldPerPixel(camera, height, out) : 1;
  _scale.set(mesh.scale.x * k, mesh.scale.y * k, mesh.scale.z * k);
  _model.compose(_pos.copy(out), _q, _scale).multiply(_element);
  // Clip space (before the divide) to CSS pixels of the space, y down.
  _viewport.set(width / 2, 0, 0, width / 2, 0, -height / 2, 0, height / 2, 0, 0, 1, 0, 0, 0, 0, 1);
  const m = _viewport.multiply(camera.projectionMatrix).multiply(camera.matrixWorldInverse).multiply(_model);
  const inFront = -_view.copy(out).applyMatrix4(camera.matrixWorldInverse).z > camera.near;
  return { matrix: m.toArray(), inFront, anchor: out };
}
