/**
 * Scenes for browser tests that need visible content without depending on lights: objects with
 * MeshNormalMaterial / MeshBasicMaterial added by the container's user script.
 */
export const normalBoxScript = `
function onReady(THREE, api) {
  const box = new THREE.Mesh(new THREE.BoxGeometry(200, 200, 200), new THREE.MeshNormalMaterial());
  box.position.y = 100;
  box.rotation.y = 0.6;
  api.scene.add(box);
  api.invalidate();
}`;

/** A white sphere of radius 100 at the origin, camera looking straight at it. */
export const sphereScene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  lightConfig: { ambientLight: [], directionalLight: [] },
  environmentConfig: { enable: false },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
  script: `
function onReady(THREE, api) {
  api.scene.add(new THREE.Mesh(new THREE.SphereGeometry(100, 48, 24), new THREE.MeshBasicMaterial({ color: 0xffffff })));
  api.invalidate();
}`,
};

export const contentScene = {
  sceneConfig: { background: '#000000', ground: { enable: true }, fog: { enable: true, color: '#223344', near: 100, far: 2000 } },
  lightConfig: { ambientLight: [], directionalLight: [] },
  environmentConfig: { enable: false },
  script: normalBoxScript,
};

/**
 * A closed box as an OBJ file, x and z from -50 to 50, y from 0 to 100, faces wound outwards
 * (picking, like drawing, sees front faces only).
 */
export const BOX_OBJ = `o Box
v -50 0 -50
v 50 0 -50
v 50 100 -50
v -50 100 -50
v -50 0 50
v 50 0 50
v 50 100 50
v -50 100 50
f 5 6 7 8
f 2 1 4 3
f 6 2 3 7
f 1 5 8 4
f 8 7 3 4
f 1 2 6 5
`;
