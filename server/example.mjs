// @ts-check
// First start: one example dashboard, stored like the dashboards users save, so a new user opens a
// scene with something in it: a 3D space with a built-in model, three data cards bound to the
// playground's live variables (playground/host/variables.ts), two camera snapshots and a component
// group with a widget in it. It is written once: a later start never overwrites what the user made
// of it, and if they removed it, it stays removed (the marker says it was seeded).
// The document must parse with shared/schema/dashboard.ts; tests/server/example.test.ts checks it.
import { BUILT_IN_MODEL_CATALOG } from './seed.mjs';

/** Its id; the dashboard list shows it first. */
export const EXAMPLE_DASHBOARD_ID = 'example';
export const EXAMPLE_MARKER = '.example-seeded';

/** The widget type ids of shared/schema/dashboard.ts (this service is plain JavaScript). */
const SPACE = 'threeD-space';
const MODEL = 'threeD-model';
const CARD = 'threeD-card';
const GROUP = 'threeD-group';
/**
 * A host widget inside the group: the playground's own kind of widget, not one of the plug-in's
 * (a group holds the host's widgets, spec §2).
 */
export const EXAMPLE_HOST_WIDGET = 'host-text';

/**
 * @param {string} id
 * @param {string} label
 * @param {string} variable
 * @param {{ x: number, y: number, z: number }} position
 * @param {number} x
 */
function card(id, label, variable, position, x) {
  return {
    id,
    type: CARD,
    layout: { x, y: 24, w: 200, h: 100 },
    config: {
      isSprite: true,
      isFixd: true,
      meshConfig: { position },
      cardConfig: { cardWidth: 210, lineWidth: 60, lineHeight: 60 },
      dataConfig: { lineCount: '1', dataList: [{ label, value: `{{${variable}}}` }] },
    },
    children: [],
  };
}

export function exampleDashboard() {
  return {
    id: EXAMPLE_DASHBOARD_ID,
    name: 'Example: pump station · 示例：泵站',
    version: 1,
    widgets: [
      {
        id: 'example-space',
        type: SPACE,
        layout: { x: 0, y: 0, w: 1000, h: 600 },
        config: {
          sceneConfig: { background: '#16212e' },
          cameraConfig: { cameraPositon: { x: 240, y: 190, z: 330 }, cameraLookAt: { x: 0, y: 30, z: 0 } },
          snapshotConfig: {
            showBar: true,
            snapshotList: [
              { name: 'Overview 总览', position: { x: 240, y: 190, z: 330 }, target: { x: 0, y: 30, z: 0 }, img: '' },
              { name: 'Top 俯视', position: { x: 0, y: 380, z: 1 }, target: { x: 0, y: 0, z: 0 }, img: '' },
            ],
          },
        },
        children: [
          {
            id: 'example-model',
            type: MODEL,
            layout: { x: 380, y: 220, w: 300, h: 200 },
            config: {
              src: { filePath: `/media/${BUILT_IN_MODEL_CATALOG}/turntable.glb` },
              animationConfig: [{ name: 'spin', enable: true }],
            },
            children: [],
          },
          card('example-card-temperature', 'Temperature 温度 (°C)', 'temperature', { x: -40, y: 100, z: 0 }, 24),
          card('example-card-pressure', 'Pressure 压力 (kPa)', 'pressure', { x: 95, y: 55, z: 70 }, 260),
          card('example-card-running', 'Running 运行', 'running', { x: -110, y: 55, z: 40 }, 496),
          {
            id: 'example-group',
            type: GROUP,
            layout: { x: 680, y: 360, w: 260, h: 120 },
            config: {
              layoutWidth: 260,
              layoutHeight: 120,
              isSprite: true,
              isFixd: true,
              meshConfig: { position: { x: 90, y: 60, z: -20 } },
            },
            children: [
              {
                id: 'example-group-note',
                type: EXAMPLE_HOST_WIDGET,
                layout: { x: 10, y: 10, w: 240, h: 100 },
                config: { text: 'Pump 1 · 1 号泵' },
                children: [],
              },
            ],
          },
        ],
      },
    ],
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes the example dashboard unless it was seeded before (the marker) or a dashboard of that id
 * is already stored: what the user saved is never replaced.
 * @param {import('./store.mjs').Store} store the dashboards'
 * @returns {Promise<boolean>} whether it wrote the example
 */
export async function seedExampleDashboard(store) {
  if (await store.stat([EXAMPLE_MARKER])) return false;
  const file = [`${EXAMPLE_DASHBOARD_ID}.json`];
  const write = !(await store.stat(file));
  if (write) await store.put(file, JSON.stringify(exampleDashboard(), null, 2) + '\n', { contentType: JSON_TYPE });
  await store.put([EXAMPLE_MARKER], JSON.stringify({ at: new Date().toISOString() }) + '\n', { contentType: JSON_TYPE });
  return write;
}
