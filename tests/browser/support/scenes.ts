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
