/*
 * What the parse-stall cases load, in Chromium (tests/browser/models/stalls.test.tsx, hook.test.tsx)
 * and in Firefox (tests/browsers/harness/stalls.ts): one scene, one stall bound, one hook.
 */

/** Short, so that two stalls take seconds; the chunk timeout (120 s) stays far above it, as in the product. */
export const STALL_MS = 1500;

/** The default camera (the gears fitted in view), lit so that the metal shows, on black. */
export const STALL_SCENE = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: {
    ambientLight: [{ color: '#ffffff', intensity: 1.5 }],
    directionalLight: [{ color: '#ffffff', intensity: 2, castShadow: false, position: { x: 1, y: 2, z: 3 } }],
  },
};

/** A space script whose onModelLoaded tints what it is given yellow and logs its call ('hook', count, uuid). */
export const TINT_HOOK = `
let calls = 0;
function onModelLoaded(THREE, api, model) {
  calls++;
  model.traverse((o) => {
    if (!o.isMesh) return;
    for (const m of Array.isArray(o.material) ? o.material : [o.material]) if (m.color) m.color.set('#ffff00');
  });
  api.log('hook', calls, model.uuid);
  api.invalidate();
}`;
