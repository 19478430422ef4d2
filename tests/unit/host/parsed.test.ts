import { describe, expect, it, vi } from 'vitest';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { ModelConfigSchema } from '../../../shared/schema/model';
import { markParsed, parseConfig, repairConfig, share } from '../../../src/host/parsed';

describe('share: one content comparison, then references', () => {
  it('returns the previous value itself when nothing changed', () => {
    const prev = { a: { b: [1, 2, { c: 'x' }] }, d: 'y' };
    expect(share(prev, structuredClone(prev))).toBe(prev);
  });

  it('keeps the identity of every unchanged part and gives the changed ones the new value', () => {
    const prev = SpaceConfigSchema.parse({});
    const next = SpaceConfigSchema.parse({ cameraConfig: { fov: 60 } });
    const out = share(prev, next);
    expect(out).not.toBe(prev);
    expect(out).toEqual(next);
    expect(out.cameraConfig).not.toBe(prev.cameraConfig);
    expect(out.cameraConfig.cameraPositon).toBe(prev.cameraConfig.cameraPositon);
    for (const key of Object.keys(prev) as (keyof typeof prev)[]) {
      if (key !== 'cameraConfig') expect(out[key]).toBe(prev[key]);
    }
  });

  it('tells a shorter list, a new key and a removed key from the old value', () => {
    const prev = { list: [1, 2], o: { a: 1 } as Record<string, number> };
    expect(share(prev, { list: [1], o: { a: 1 } }).list).toEqual([1]);
    expect(share(prev, { list: [1, 2], o: { a: 1, b: 2 } })).toEqual({ list: [1, 2], o: { a: 1, b: 2 } });
    expect(share(prev, { list: [1, 2], o: {} })).toEqual({ list: [1, 2], o: {} });
    expect(share(prev, { list: [1, 2], o: { b: 1 } }).o).toEqual({ b: 1 });
  });
});

describe('parseConfig: once per config object', () => {
  it('parses a stored object once, and takes its own result and a marked value as parsed', () => {
    const spy = vi.spyOn(ModelConfigSchema, 'safeParse');
    const stored = { update: 5 };
    const first = parseConfig(ModelConfigSchema, stored);
    expect(parseConfig(ModelConfigSchema, stored)).toBe(first);
    if (!first.success) throw new Error('the stored config should parse');
    // The parsed value, handed back (the host stores what a panel sent), is not parsed again.
    expect(parseConfig(ModelConfigSchema, first.data)).toEqual({ success: true, data: first.data });
    expect(spy).toHaveBeenCalledTimes(1);
    const made = { ...first.data, adaptive: false };
    markParsed(ModelConfigSchema, made);
    expect(parseConfig(ModelConfigSchema, made)).toEqual({ success: true, data: made });
    expect(spy).toHaveBeenCalledTimes(1);
    // Another object with the same content is parsed: only identity is trusted.
    expect(parseConfig(ModelConfigSchema, { ...stored }).success).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });

  it('an object that does not parse gives its issues; repaired, its broken field takes the default', () => {
    const stored = { update: -1, adaptive: false };
    const r = parseConfig(ModelConfigSchema, stored);
    expect(r).toEqual({ success: false, issues: [{ path: 'update', message: 'msg.valueRange' }] });
    const repaired = repairConfig(ModelConfigSchema, stored);
    expect(repaired.issues).toEqual([{ path: 'update', message: 'msg.valueRange' }]);
    expect(repaired.value).toMatchObject({ update: 0, adaptive: false });
    expect(repairConfig(ModelConfigSchema, stored)).toBe(repaired);
  });

  it('lends the previous config its unchanged parts', () => {
    const prev = SpaceConfigSchema.parse({});
    const r = parseConfig(SpaceConfigSchema, { cameraConfig: { fov: 60 } }, prev);
    expect(r.success && r.data.sceneConfig).toBe(prev.sceneConfig);
    expect(r.success && r.data.cameraConfig.fov).toBe(60);
  });
});
