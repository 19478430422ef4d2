// @ts-check
// First start: one example dashboard, stored like the dashboards users save, so a new user opens a
// scene with something in it: a 3D space with two built-in models (a turntable, and a pump line
// whose rules answer the live variables: issue 40), three data cards bound to the playground's live
// variables (playground/host/variables.ts), one of them with alarm levels, two camera snapshots and
// a component group with a widget in it. It is written once: a later start never overwrites what the user made
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
 * @param {Record<string, unknown>} [levelConfig]
 */
function card(id, label, variable, position, x, levelConfig = {}) {
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
      levelConfig,
    },
    children: [],
  };
}

/**
 * The pump line's rules (issue 40), with no code: the pump's body coloured by temperature through a
 * ramp, the fan turning with its speed, the valve's handle along the pipe when open and across it
 * when shut, arrows along the pipe moving with the flow.
 */
const PUMP_LINE_RULES = [
  {
    name: 'Pump by temperature 泵体随温度',
    variable: 'temperature',
    parts: ['Pump'],
    condition: { kind: 'always' },
    effects: [
      {
        type: 'ramp',
        stops: [
          { value: 20, color: '#1677ff' },
          { value: 30, color: '#52c41a' },
          { value: 40, color: '#fadb14' },
        ],
      },
    ],
  },
  {
    name: 'Fan speed 风机转速',
    variable: 'speed',
    parts: ['Fan'],
    condition: { kind: 'always' },
    // Degrees a second per rpm: shown slowed, a real 1450 rpm would strobe.
    effects: [{ type: 'spin', axis: 'x', factor: 0.2 }],
  },
  {
    name: 'Valve 阀门',
    variable: 'valve',
    parts: ['Valve'],
    condition: { kind: 'always' },
    effects: [{ type: 'transform', property: 'rotation', axis: 'y', inLow: 0, inHigh: 100, outLow: 0, outHigh: 90 }],
  },
  {
    name: 'Flow 流量',
    variable: 'flow',
    parts: ['Pipe'],
    condition: { kind: 'always' },
    effects: [{ type: 'flow', style: 'arrows', axis: 'x', color: '#13c2c2', spacing: 24, factor: 1 }],
  },
];

/** The temperature card's levels: warning, then an alarm that blinks and tints the pump. */
const TEMPERATURE_LEVELS = {
  levels: [
    { name: 'Warning 预警', mode: 'above', high: 35, color: '#faad14' },
    { name: 'Alarm 告警', mode: 'above', high: 40, color: '#ff4d4f', blink: true, tintPart: true },
  ],
  partModel: 'example-line',
  parts: ['Pump'],
};

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
          // What a screen reader calls the space (issue 42), in each interface language.
          a11yConfig: { name: { en: 'Pump station', zh_Hans: '泵站' } },
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
          {
            id: 'example-line',
            type: MODEL,
            layout: { x: 60, y: 400, w: 300, h: 160 },
            config: {
              src: { filePath: `/media/${BUILT_IN_MODEL_CATALOG}/pump-line.glb` },
              adaptive: false,
              position: { x: -160, y: 0, z: 70 },
              rotation: { x: 0, y: 100, z: 0 },
              rules: PUMP_LINE_RULES,
            },
            children: [],
          },
          card('example-card-temperature', 'Temperature 温度 (°C)', 'temperature', { x: -40, y: 100, z: 0 }, 24, TEMPERATURE_LEVELS),
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
