import type { SpaceConfigInput } from '../../../shared/schema/space';

/** The benchmark's canvas box, in CSS pixels (the issue asks for 1000x600). */
export const VIEW = { width: 1000, height: 600 };

export interface BenchScene {
  description: string;
  config: SpaceConfigInput;
}

/**
 * A user script (spec §2 hooks) that fills the ground with `count` lit meshes: a plant floor of
 * cabinets and tanks, the kind of scene an IoT dashboard shows. Every mesh is its own draw call
 * (and a second one in the shadow pass), which is the per-frame work the render thread does.
 * Geometry is low-poly and shared the way a real scene shares it: a software rasteriser pays per
 * triangle, and the benchmark is about where the frame is driven from, not about vertex throughput.
 * It goes through the product's own script path, so both hosts build exactly the same scene.
 */
function plantFloor(count: number): string {
  return `
function onReady(THREE, api) {
  const geometries = [
    new THREE.BoxGeometry(24, 30, 24),
    new THREE.CylinderGeometry(11, 11, 34, 12),
    new THREE.BoxGeometry(18, 44, 18),
  ];
  const materials = [];
  for (let i = 0; i < 12; i++) {
    materials.push(new THREE.MeshStandardMaterial({
      color: new THREE.Color().setHSL(i / 12, 0.55, 0.5),
      roughness: 0.3 + (i % 3) * 0.2,
      metalness: i % 2 ? 0.6 : 0.1,
    }));
  }
  const count = ${count};
  const side = Math.ceil(Math.sqrt(count));
  const spacing = 880 / side;
  const floor = new THREE.Group();
  floor.name = 'bench:plant-floor';
  for (let i = 0; i < count; i++) {
    const geometry = geometries[i % geometries.length];
    const mesh = new THREE.Mesh(geometry, materials[(i * 5) % materials.length]);
    geometry.computeBoundingBox();
    mesh.position.set(
      ((i % side) - (side - 1) / 2) * spacing,
      -geometry.boundingBox.min.y,
      (Math.floor(i / side) - (side - 1) / 2) * spacing,
    );
    mesh.rotation.y = i * 0.7;
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    floor.add(mesh);
  }
  api.scene.add(floor);
}
`;
}

/**
 * An overview of the whole floor (the way an operator's dashboard frames it). Orbit
 * auto-rotation keeps frames coming in both hosts: the loop renders on demand otherwise.
 */
const plant = (count: number): SpaceConfigInput => ({
  sceneConfig: { background: '#1b2430', ground: { enable: true, width: 1000, height: 1000 } },
  cameraConfig: { cameraPositon: { x: 0, y: 800, z: 1600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
  controlConfig: { controlType: 'orbit', orbitConfig: { autoRotate: true, autoRotateSpeed: 2 } },
  lightConfig: {
    ambientLight: [{ intensity: 0.6 }],
    directionalLight: [{ intensity: 2, castShadow: true, position: { x: 200, y: 400, z: 250 } }],
  },
  script: plantFloor(count),
});

export const SCENES: Record<string, BenchScene> = {
  heavy: {
    description: '400 lit meshes casting and receiving shadows, ground, environment light, orbit auto-rotating',
    config: plant(400),
  },
  light: { description: '40 lit meshes casting and receiving shadows, ground, environment light, orbit auto-rotating', config: plant(40) },
  /** The touch checks (touch.mjs): the light scene standing still, so that only fingers move the view. */
  still: {
    description: '40 lit meshes casting and receiving shadows, ground, environment light, orbit standing still',
    config: { ...plant(40), controlConfig: { controlType: 'orbit', orbitConfig: { autoRotate: false } } },
  },
};

/**
 * A dashboard tile (the many-spaces page, spaces.tsx): 12 lit meshes on the ground, no shadows, no
 * environment, standing still: each space draws once and then idles, as most dashboard tiles do.
 */
export const tile: BenchScene = {
  description: '12 lit meshes on the ground, no shadows or environment, standing still',
  config: {
    ...plant(12),
    environmentConfig: { enable: false },
    controlConfig: { controlType: 'orbit', orbitConfig: { autoRotate: false } },
    lightConfig: { ambientLight: [{ intensity: 0.8 }], directionalLight: [{ intensity: 2, position: { x: 200, y: 400, z: 250 } }] },
  },
};
