import type { MessageKey } from '../../../../shared/i18n/editor';

/**
 * The names user code is given, as the editors complete them. The worker defines them (the space
 * script's runner in worker/scripting/hooks.ts, the material code's functions in
 * worker/materials/code.ts); the main thread cannot import the worker, so they are written down
 * here and tests/unit/material-editor/script-names.test.ts runs the worker's code to check that
 * each is really there.
 */

/** Which piece of user code an editor holds: what it is given, and whether its strings are GLSL. */
export type CodeKind = 'spaceScript' | 'shaderCode' | 'frameScript';

export interface ApiName {
  name: string;
  /** Shown beside the name: its parameters. */
  detail?: string;
  /** Inserted instead of the bare name (`${}` marks where the cursor goes), for hooks. */
  snippet?: string;
  /** What it is, in the designer's language. */
  info: MessageKey;
  type: 'function' | 'variable' | 'property' | 'method';
}

/** The hooks a space script declares at top level; the runner calls them with THREE and the api. */
export const SPACE_HOOKS: readonly ApiName[] = [
  {
    name: 'onReady',
    detail: '(THREE, api)',
    snippet: 'function onReady(THREE, api) {\n\t${}\n}',
    info: 'code.api.onReady',
    type: 'function',
  },
  {
    name: 'onModelLoaded',
    detail: '(THREE, api, model)',
    snippet: 'function onModelLoaded(THREE, api, model) {\n\t${}\n}',
    info: 'code.api.onModelLoaded',
    type: 'function',
  },
];

/** The members of `api`, the scene API a hook gets next to THREE. */
export const SCRIPT_API: readonly ApiName[] = [
  { name: 'scene', info: 'code.api.scene', type: 'property' },
  { name: 'camera', info: 'code.api.camera', type: 'property' },
  { name: 'invalidate', detail: '()', info: 'code.api.invalidate', type: 'method' },
  { name: 'onFrame', detail: '(fn(dt))', snippet: 'onFrame((dt) => {\n\t${}\n})', info: 'code.api.onFrame', type: 'method' },
  { name: 'log', detail: '(...args)', info: 'code.api.log', type: 'method' },
  { name: 'variable', detail: '(name)', info: 'code.api.variable', type: 'method' },
  {
    name: 'onVariable',
    detail: '(name, fn(value))',
    snippet: "onVariable('${}', (value) => {\n\t\n})",
    info: 'code.api.onVariable',
    type: 'method',
  },
];

const THREE_NAME: ApiName = { name: 'THREE', info: 'code.api.THREE', type: 'variable' };

/** The names in scope at the top of each kind of code (its function's parameters, and the hooks' own). */
export const SCOPE: Record<CodeKind, readonly ApiName[]> = {
  spaceScript: [...SPACE_HOOKS, THREE_NAME, { name: 'api', info: 'code.api.api', type: 'variable' }],
  shaderCode: [
    THREE_NAME,
    {
      name: 'return',
      detail: '{ vertexShader, fragmentShader, uniforms }',
      snippet: 'return {\n\tvertexShader: `${}`,\n\tfragmentShader: ``,\n\tuniforms: {},\n};',
      info: 'code.api.shaderReturn',
      type: 'function',
    },
  ],
  frameScript: [
    { name: 'material', info: 'code.api.material', type: 'variable' },
    { name: 'dt', info: 'code.api.dt', type: 'variable' },
    THREE_NAME,
  ],
};
