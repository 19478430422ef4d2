// The baseline of the data-cards benchmark: three's CSS2DRenderer on the main thread, one DOM label
// per card over the space. This is test code: the product's main thread never imports three.
import { Object3D, PerspectiveCamera, Scene } from 'three';
import { CSS2DObject, CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { anchor, CARD_WIDTH, LABELS, UPDATE_MS, values } from './cardData';
import type { SpaceConfigInput } from '../../../shared/schema/space';

export interface LabelFrames {
  windowFrames: number;
  windowMs: number;
  longestGapMs: number;
}

const CSS = `
.bench-card { width: ${CARD_WIDTH}px; box-sizing: border-box; padding: 6px 8px; background: rgba(14, 22, 36, 0.85);
  border: 1px solid #3b82f6; border-radius: 4px; color: #e5edf7; font: 12px system-ui, sans-serif; }
.bench-card__item { display: flex; justify-content: space-between; line-height: 18px; }
`;

/**
 * `count` labels, each a card body with three items (label + value), re-projected by a
 * CSS2DRenderer every animation frame while its camera orbits the way the space's orbit
 * auto-rotation does, and their values rewritten (textContent) every UPDATE_MS.
 */
export function startCss2dLabels(host: HTMLElement, config: SpaceConfigInput, count: number, size: { width: number; height: number }) {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const renderer = new CSS2DRenderer();
  renderer.setSize(size.width, size.height);
  Object.assign(renderer.domElement.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
  host.append(renderer.domElement);

  const cam = config.cameraConfig ?? {};
  const start = cam.cameraPositon ?? { x: 0, y: 200, z: 500 };
  const camera = new PerspectiveCamera(cam.fov ?? 45, size.width / size.height, cam.near ?? 1, cam.far ?? 10000);
  const scene = new Scene();
  const valueCells: HTMLElement[][] = [];
  for (let i = 0; i < count; i++) {
    const body = document.createElement('div');
    body.className = 'bench-card';
    const cells = LABELS.map((label) => {
      const row = document.createElement('div');
      row.className = 'bench-card__item';
      const name = document.createElement('span');
      name.textContent = label;
      const value = document.createElement('span');
      row.append(name, value);
      body.append(row);
      return value;
    });
    valueCells.push(cells);
    const label = new CSS2DObject(body);
    const { x, y, z } = anchor(i, count);
    label.position.set(x, y, z);
    // CSS2DObject centres the element on the anchor; lift it like the engine's leader line does.
    label.center.set(0, 1);
    const holder = new Object3D();
    holder.add(label);
    scene.add(holder);
  }

  let tick = 0;
  const write = () => {
    tick++;
    for (let i = 0; i < count; i++) {
      const texts = values(i, tick);
      valueCells[i]?.forEach((cell, k) => (cell.textContent = texts[k] ?? ''));
    }
  };
  write();
  const timer = window.setInterval(write, UPDATE_MS);

  // OrbitControls' auto-rotation: 2π/60 * autoRotateSpeed radians per second about the target.
  const orbit = config.controlConfig?.orbitConfig;
  const speed = orbit?.autoRotate ? ((2 * Math.PI) / 60) * (orbit.autoRotateSpeed ?? 2) : 0;
  const radius = Math.hypot(start.x ?? 0, start.z ?? 0);
  const phase = Math.atan2(start.x ?? 0, start.z ?? 0);
  const frames: number[] = [];
  let raf = 0;
  const frame = (now: number) => {
    const angle = phase + (speed * now) / 1000;
    camera.position.set(radius * Math.sin(angle), start.y ?? 0, radius * Math.cos(angle));
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    renderer.render(scene, camera);
    frames.push(now);
    if (frames.length > 4000) frames.splice(0, 2000);
    raf = requestAnimationFrame(frame);
  };
  raf = requestAnimationFrame(frame);

  return {
    /** Label frames (CSS2DRenderer renders) in the last windowMs, and the longest gap between them. */
    stats(windowMs: number): LabelFrames {
      const now = performance.now();
      const inWindow = frames.filter((t) => t >= now - windowMs);
      let longestGapMs = inWindow.length ? now - (inWindow.at(-1) ?? now) : windowMs;
      for (let k = 1; k < inWindow.length; k++) longestGapMs = Math.max(longestGapMs, (inWindow[k] ?? 0) - (inWindow[k - 1] ?? 0));
      return { windowFrames: inWindow.length, windowMs, longestGapMs };
    },
    dispose() {
      cancelAnimationFrame(raf);
      clearInterval(timer);
      renderer.domElement.remove();
      style.remove();
    },
  };
}
