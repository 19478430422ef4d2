import { describe, expect, it } from 'vitest';
import { describeScript } from '../../../src/widgets/space/userCode';
import { SCRIPT_TEMPLATE } from '../../../shared/schema/space';

describe('what a space script holds, as the consent notice names it', () => {
  it('the untouched template and an empty script hold nothing to ask about', () => {
    expect(describeScript(SCRIPT_TEMPLATE)).toEqual([]);
    expect(describeScript('  \n')).toEqual([]);
  });

  it('names the hooks it declares and its frame callbacks', () => {
    const script = `function onReady(THREE, api) { api.onFrame((dt) => {}); }\nconst onModelLoaded = (THREE, api, m) => {};`;
    expect(describeScript(script)).toEqual([
      { kind: 'hook', name: 'onReady' },
      { kind: 'hook', name: 'onModelLoaded' },
      { kind: 'spaceFrame' },
    ]);
  });

  it('code without hooks still runs as the script compiles: named as a space script', () => {
    expect(describeScript(`fetch('/api/dashboards')`)).toEqual([{ kind: 'spaceScript' }]);
  });
});
