import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { THREE_NAMES, THREE_REVISION } from '../../../src/material-editor/code/names/threeNames';
import { SCOPE, SCRIPT_API, SPACE_HOOKS } from '../../../src/material-editor/code/names/scriptApi';
import { createScriptRunner } from '../../../worker/scripting/hooks';
import { compileFrameScript, runShaderCode } from '../../../worker/materials/code';
import type { EngineContext } from '../../../worker/engine/context';
import { isMessageKey, t } from '../../../shared/i18n/editor';

/**
 * The names the code editors complete are written down on the main thread (it never imports three
 * or the worker): these run the worker's own code to check each one is what user code really gets.
 */

const words = (s: string) => s.split(/\s+/).filter(Boolean);
/** Run-time state a script leaves behind for the test to read (user code sees only globalThis). */
const seen = globalThis as unknown as { __seen?: unknown };

describe('THREE names', () => {
  it('are the installed three.js namespace, each under its kind (run `node scripts/three-names.mjs` when three changes)', () => {
    expect(THREE_REVISION).toBe(THREE.REVISION);
    const kindOf = (name: string, value: unknown) =>
      typeof value === 'function'
        ? /^[A-Z]/.test(name)
          ? 'class'
          : 'function'
        : ['number', 'string', 'boolean'].includes(typeof value)
          ? 'constant'
          : 'namespace';
    const listed = Object.entries(THREE_NAMES).flatMap(([kind, names]) => words(names).map((n) => `${kind} ${n}`));
    const actual = Object.entries(THREE).map(([n, v]) => `${kindOf(n, v)} ${n}`);
    expect(listed.sort()).toEqual(actual.sort());
  });
});

describe('the space script API', () => {
  it('is what the runner gives a hook, and the hooks are the ones it calls', () => {
    let removed = 0;
    const ctx = {
      scene: new THREE.Scene(),
      camera: new THREE.PerspectiveCamera(),
      invalidate: () => undefined,
      onFrame: () => () => removed++,
      emit: () => undefined,
      userCode: { hold: () => () => undefined },
    } as unknown as EngineContext;
    const errors: string[] = [];
    const runner = createScriptRunner(ctx, (hook, msg) => errors.push(`${hook}: ${msg}`));
    const declared = SPACE_HOOKS.map(
      (h) => `function ${h.name}(THREE, api, ...rest) { globalThis.__seen.push(['${h.name}', Object.keys(api)]); }`,
    );
    seen.__seen = [];
    runner.setCode(declared.join('\n'));
    runner.modelLoaded({});
    expect(errors).toEqual([]);
    const api = SCRIPT_API.map((m) => m.name).sort();
    // Each hook was called, in turn, with the same api: exactly the members the editor completes.
    const calls = seen.__seen as [string, string[]][];
    expect(calls.map(([hook]) => hook)).toEqual(SPACE_HOOKS.map((h) => h.name));
    for (const [, keys] of calls) expect([...keys].sort()).toEqual(api);
    runner.stop();
    delete seen.__seen;
  });
});

describe('material code', () => {
  it('the frame script is given each name its editor completes', () => {
    const names = SCOPE.frameScript.map((n) => n.name);
    seen.__seen = null;
    const errors: unknown[] = [];
    const run = compileFrameScript(
      `globalThis.__seen = [${names.map((n) => `typeof ${n}`).join(', ')}];`,
      new THREE.MeshBasicMaterial(),
      (e) => errors.push(e),
    );
    run!(0.016);
    expect(errors).toEqual([]);
    const types = seen.__seen as string[];
    expect(types).toHaveLength(names.length);
    expect(types.filter((t) => t === 'undefined')).toEqual([]);
    delete seen.__seen;
  });

  it('shader code is given THREE', async () => {
    const names = SCOPE.shaderCode.filter((n) => n.type === 'variable').map((n) => n.name);
    expect(names).toEqual(['THREE']);
    await runShaderCode(`globalThis.__seen = typeof THREE.Color; return { vertexShader: '', fragmentShader: '' };`);
    expect(seen.__seen).toBe('function');
    delete seen.__seen;
  });

  it('every completion is explained in both languages', () => {
    for (const n of [...Object.values(SCOPE).flat(), ...SCRIPT_API]) {
      expect(isMessageKey(n.info), n.name).toBe(true);
      expect(t('zh_Hans', n.info), n.name).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
