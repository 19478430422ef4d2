import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { defaultStep, numberRange, schemaAt, sliderFits } from '../../../src/settings/schemaPath';
import { validateDraft } from '../../../src/settings/validate';

describe('ranges read from the shared schema', () => {
  it('finds a number schema by path, through defaults, prefaults and arrays', () => {
    expect(numberRange(schemaAt(SpaceConfigSchema, ['controlConfig', 'orbitConfig', 'dampingFactor']))).toEqual({
      min: 0,
      max: 1,
      int: false,
    });
    expect(numberRange(schemaAt(SpaceConfigSchema, ['lightConfig', 'spotLight', 0, 'angle']))).toEqual({
      min: 0,
      max: Math.PI / 2,
      int: false,
    });
    expect(numberRange(schemaAt(SpaceConfigSchema, ['helperConfig', 'gridConfig', 'divisions']))).toEqual({ min: 1, max: 1000, int: true });
    // Only a lower bound: no slider.
    const speed = numberRange(schemaAt(SpaceConfigSchema, ['controlConfig', 'orbitConfig', 'rotateSpeed']));
    expect(speed).toEqual({ min: 0, max: undefined, int: false });
    expect(sliderFits(speed)).toBe(false);
    expect(schemaAt(SpaceConfigSchema, ['sceneConfig', 'nope'])).toBeUndefined();
    // A preprocessed enum is still found (renderConfig.outputEncoding).
    expect(schemaAt(SpaceConfigSchema, ['renderConfig', 'outputEncoding'])?._zod.def.type).toBe('enum');
  });

  it('steps of about a hundredth of the range', () => {
    expect(defaultStep({ min: 0, max: 1 })).toBe(0.01);
    expect(defaultStep({ min: -Math.PI, max: Math.PI })).toBe(0.01);
    expect(defaultStep({ min: 1, max: 179 })).toBe(1);
    expect(defaultStep({ min: 0, max: 10 })).toBe(0.1);
    expect(defaultStep({ min: 0 })).toBe(1);
    expect(defaultStep({ min: 1, max: 1000, int: true })).toBe(1);
  });
});

describe('validateDraft', () => {
  const valid = SpaceConfigSchema.parse({});

  it('sends a valid draft as parsed, and nothing invalid', () => {
    const draft = structuredClone(valid);
    draft.cameraConfig.fov = 60;
    expect(validateDraft(SpaceConfigSchema, draft, valid)).toMatchObject({ issues: new Map(), next: { cameraConfig: { fov: 60 } } });
  });

  it('holds back an invalid value at its last valid value and lets the rest through', () => {
    const draft = structuredClone(valid);
    draft.controlConfig.orbitConfig.dampingFactor = 2;
    draft.cameraConfig.fov = 30;
    const r = validateDraft(SpaceConfigSchema, draft, valid);
    expect([...r.issues]).toEqual([['controlConfig.orbitConfig.dampingFactor', 'msg.valueRange']]);
    expect(r.next?.controlConfig.orbitConfig.dampingFactor).toBe(0.05);
    expect(r.next?.cameraConfig.fov).toBe(30);
    // The draft itself is left as typed.
    expect(draft.controlConfig.orbitConfig.dampingFactor).toBe(2);
  });

  it('a new invalid list entry holds back the whole list', () => {
    const last = SpaceConfigSchema.parse({ snapshotConfig: { snapshotList: [{ name: 'A' }] } });
    const draft = structuredClone(last) as unknown as { snapshotConfig: { snapshotList: { name: string }[] } };
    draft.snapshotConfig.snapshotList.push({ ...last.snapshotConfig.snapshotList[0]!, name: 'A' });
    const r = validateDraft(SpaceConfigSchema, draft, last);
    expect([...r.issues]).toEqual([['snapshotConfig.snapshotList.1.name', 'msg.snapshotNameExists']]);
    expect(r.next?.snapshotConfig.snapshotList.map((s) => s.name)).toEqual(['A']);
  });

  it("zod's own type errors become the translated 'Invalid setting' key", () => {
    const r = validateDraft(z.object({ n: z.number() }), { n: null }, { n: 1 });
    expect([...r.issues]).toEqual([['n', 'msg.invalidConfig']]);
    expect(r.next).toEqual({ n: 1 });
  });
});
