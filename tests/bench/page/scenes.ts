import type { SpaceConfigInput } from '../../../shared/schema/space';

/** The benchmark's canvas box, in CSS pixels (the issue asks for 1000x600). */
export const VIEW = { width: 1000, height: 600 };

export interface BenchScene {
  description: string;
  config: SpaceConfigInput;
}

/**
 * A user script (spec §2 hooks) that fills the ground with `count` lit meshes. Geometry and
 * materials are shared the way a real scene shares them, so the cost is draw calls, shading and
 * shadow passes rather than uploads. It goes through the product's own script path, so both
 * hosts (worker and main thread) build exactly the same scene.
 */
function meshField(count: number, shadows: boolean, mat = 'MeshStandardMaterial', geo = '', scale = 1): string {
  return `
function onReady(THREE, api) {
  const geometries = [
    new THREE.BoxGeometry(22, 22, 22, 4, 4, 4),
    new THREE.SphereGeometry(13, 32, 16),
    new THREE.TorusKnotGeometry(9, 3, 96, 12),
    new THREE.CylinderGeometry(8, 11, 26, 24, 4),
  ];
  ${geo ? `geometries.splice(0, 4, ${geo});` : ''}
  const materials = [];
  for (let i = 0; i < 12; i++) {
    materials.push(new THREE.${mat}({
      color: new THREE.Color().setHSL(i / 12, 0.6, 0.55),
      ${mat === 'MeshStandardMaterial' ? 'roughness: 0.25 + (i % 3) * 0.25,' : ''}
      ${mat === 'MeshStandardMaterial' ? 'metalness: i % 2 ? 0.5 : 0.05,' : ''}
    }));
  }
  const count = ${count};
  const side = Math.ceil(Math.sqrt(count));
  const spacing = 880 / side;
  const field = new THREE.Group();
  field.name = 'bench:field';
  for (let i = 0; i < count; i++) {
    const mesh = new THREE.Mesh(geometries[i % geometries.length], materials[(i * 5) % materials.length]);
    mesh.position.set(
      ((i % side) - (side - 1) / 2) * spacing,
      16 + (i % 3) * 12,
      (Math.floor(i / side) - (side - 1) / 2) * spacing,
    );
    mesh.rotation.set(i * 0.7, i * 0.3, 0);
    mesh.scale.setScalar(${scale});
    mesh.castShadow = ${shadows};
    mesh.receiveShadow = ${shadows};
    field.add(mesh);
  }
  api.scene.add(field);
}
`;
}

/** Orbit auto-rotation keeps frames coming in both hosts: the loop renders on demand otherwise. */
const base = (count: number, shadows: boolean, mat?: string, geo?: string, scale?: number): SpaceConfigInput => ({
  sceneConfig: { background: '#1b2430', ground: { enable: true, width: 1000, height: 1000 } },
  controlConfig: { controlType: 'orbit', orbitConfig: { autoRotate: true, autoRotateSpeed: 2 } },
  lightConfig: {
    ambientLight: [{ intensity: 0.6 }],
    directionalLight: [{ intensity: 2, castShadow: shadows, position: { x: 200, y: 400, z: 250 } }],
  },
  script: meshField(count, shadows, mat, geo, scale),
});

export const SCENES: Record<string, BenchScene> = {
  heavy: { description: '400 lit meshes (about 370 k triangles), directional light casting shadows, orbit auto-rotating', config: base(400, true) },
  expStd: { description: 'x', config: base(400, true) },
  expLam: { description: 'x', config: base(400, true, 'MeshLambertMaterial') },
  expStdNoShadow: { description: 'x', config: base(400, false) },
  exp100: { description: 'x', config: base(100, false) },
  exp200box: { description: 'x', config: base(200, false, undefined, 'new THREE.BoxGeometry(22,22,22)') },
  exp400box: { description: 'x', config: base(400, false, undefined, 'new THREE.BoxGeometry(22,22,22)') },
  exp100knot: { description: 'x', config: base(100, false, undefined, 'new THREE.TorusKnotGeometry(9, 3, 96, 12)') },
  exp100sphere: { description: 'x', config: base(100, false, undefined, 'new THREE.SphereGeometry(13, 32, 16)') },
  exp200: { description: 'x', config: base(200, false) },
  exp300: { description: 'x', config: base(300, false) },
  exp400knot: { description: 'x', config: base(400, false, undefined, 'new THREE.TorusKnotGeometry(9, 3, 96, 12)') },
  exp400cyl: { description: 'x', config: base(400, false, undefined, 'new THREE.CylinderGeometry(8, 11, 26, 24, 4)') },
  expLamNS: { description: 'x', config: base(400, false, 'MeshLambertMaterial') },
  expPhong: { description: 'x', config: base(400, true, 'MeshPhongMaterial') },
  expLow: { description: 'x', config: base(400, true, undefined, 'new THREE.BoxGeometry(22, 22, 22), new THREE.IcosahedronGeometry(13, 1), new THREE.CylinderGeometry(8, 11, 26, 12), new THREE.TorusKnotGeometry(9, 3, 48, 6), new THREE.SphereGeometry(13, 16, 8)') },
  expLowNS: { description: 'x', config: base(400, false, undefined, 'new THREE.BoxGeometry(22, 22, 22), new THREE.IcosahedronGeometry(13, 1), new THREE.CylinderGeometry(8, 11, 26, 12), new THREE.TorusKnotGeometry(9, 3, 48, 6), new THREE.SphereGeometry(13, 16, 8)') },
  expLow800: { description: 'x', config: base(800, true, undefined, 'new THREE.BoxGeometry(22, 22, 22), new THREE.IcosahedronGeometry(13, 1), new THREE.CylinderGeometry(8, 11, 26, 12), new THREE.TorusKnotGeometry(9, 3, 48, 6), new THREE.SphereGeometry(13, 16, 8)') },
  expSmall: { description: 'x', config: base(400, true, undefined, 'new THREE.BoxGeometry(22, 22, 22), new THREE.IcosahedronGeometry(13, 1), new THREE.CylinderGeometry(8, 11, 26, 12), new THREE.TorusKnotGeometry(9, 3, 48, 6), new THREE.SphereGeometry(13, 16, 8)', 0.4) },
  expSmall800: { description: 'x', config: base(800, true, undefined, 'new THREE.BoxGeometry(22, 22, 22), new THREE.IcosahedronGeometry(13, 1), new THREE.CylinderGeometry(8, 11, 26, 12), new THREE.TorusKnotGeometry(9, 3, 48, 6), new THREE.SphereGeometry(13, 16, 8)', 0.4) },
  expSmallHi: { description: 'x', config: base(400, true, undefined, '', 0.4) },
  expEmpty: { description: 'x', config: base(0, true) },
  expEmptyNoShadow: { description: 'x', config: base(0, false) },
  light: { description: '60 lit meshes (about 55 k triangles), no shadows, orbit auto-rotating', config: base(60, false) },
};
