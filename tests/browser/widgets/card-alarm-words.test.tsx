import { afterEach, describe, expect, it } from 'vitest';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import { DataCardWidget } from '../../../src/widgets/data-card/DataCardWidget';
import { CardConfigSchema, type CardConfig } from '../../../shared/schema/card';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import type { ThreeDHost } from '../../../src/host/types';
import { ANNOUNCE_GAP_MS, GATHER_MS } from '../../../src/widgets/space/alarmAnnouncer';
import { waitFor } from '../support/harness';
import { fakeHost, memoryVariables, mount, unmountWidgets, recordedScene } from './support';

/*
 * Issue 42 point 3: an alarm is not colour only. A card whose value is in one of its levels says
 * so in its mirror (the button's name, with aria-invalid), and the space's polite live region
 * says once that it entered the level: not for every value after, and not at all when the host
 * turned announcements off. The scene is a stand-in (recordedScene): this is the page's part.
 */
const seen = recordedScene();
afterEach(unmountWidgets);

const levels = [
  { mode: 'above', high: 30, color: '#ff0000' },
  { name: 'Critical', mode: 'outside', low: -10, high: 50, color: '#990000' },
];
const temperature: CardConfig = CardConfigSchema.parse({
  dataConfig: { dataList: [{ label: 'Temperature', value: '{{ t }}' }] },
  levelConfig: { levels },
});
const pressure: CardConfig = CardConfigSchema.parse({
  dataConfig: { dataList: [{ label: 'Pressure', value: '{{ p }}' }] },
  levelConfig: { levels: [{ mode: 'below', low: 2, color: '#ff0000' }] },
});

function scene(host: ThreeDHost) {
  // The stand-in scene draws nothing: its first frame is told as the engine would (the announcer comes after it).
  setTimeout(() => seen.props.at(-1)?.onEvent?.({ type: 'ready' }), 50);
  return mount(
    <SpaceWidget id="s1" config={SpaceConfigSchema.parse({})} host={host}>
      <DataCardWidget id="t" config={temperature} host={host} />
      <DataCardWidget id="p" config={pressure} host={host} />
    </SpaceWidget>,
  );
}

const nameOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-labelledby')!)!.textContent;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('alarm levels in words', () => {
  it("the mirror says the card's level and marks it; the live region says each card entering a level once", async () => {
    const variables = memoryVariables({ t: 21, p: 5 });
    const r = scene(fakeHost({ variables }));
    const region = r.container.querySelector<HTMLElement>('.dash3d-space-announcements')!;
    expect([region.getAttribute('role'), region.getAttribute('aria-live')]).toEqual(['status', 'polite']);
    const t = await waitFor(() => r.container.querySelector<HTMLElement>('[data-card-id="t"]'), 'the mirror');
    await waitFor(() => nameOf(t) === 'Temperature: 21' || null, 'the first value');
    expect(t.hasAttribute('aria-invalid')).toBe(false);

    // Into the first level, and many values after it: said once.
    variables.set('t', 42.5);
    await waitFor(() => nameOf(t) === 'Temperature: 42.5; in alarm: above 30' || null, 'the level in the name');
    expect(t.getAttribute('aria-invalid')).toBe('true');
    for (const v of [43, 44.1, 45, 44]) {
      variables.set('t', v);
      await sleep(100);
    }
    // Said with the value when it is said (the announcer is a part loaded after the first card).
    const said = await waitFor(() => region.textContent || null, 'the announcement', GATHER_MS + 5000);
    expect(said).toMatch(/^Temperature (42\.5|43|44\.1|45|44), in alarm: above 30$/);
    await sleep(GATHER_MS + 300);
    expect(region.textContent).toBe(said);

    // The named level wins (later in the list), and a second card enters too: said together, after the gap.
    variables.set('t', 55);
    variables.set('p', 1.5);
    await waitFor(() => nameOf(t)?.endsWith('Critical: outside -10 to 50') || null, 'the second level');
    await waitFor(() => region.textContent?.includes('Critical') || null, 'the next announcement', ANNOUNCE_GAP_MS + 3000);
    expect(region.textContent).toBe('Temperature 55, Critical: outside -10 to 50; Pressure 1.5, in alarm: below 2');

    // Back to normal: the mark goes, nothing is said.
    variables.set('t', 20);
    await waitFor(() => (nameOf(t) === 'Temperature: 20' ? true : null), 'normal again');
    expect(t.hasAttribute('aria-invalid')).toBe(false);
  }, 30_000);

  it('in Chinese, and not at all when the host turns announcements off', async () => {
    const variables = memoryVariables({ t: 21, p: 5 });
    const r = scene(fakeHost({ variables, locale: 'zh_Hans', accessibility: { announceAlarms: false } }));
    const t = await waitFor(() => r.container.querySelector<HTMLElement>('[data-card-id="t"]'), 'the mirror');
    variables.set('t', 31);
    await waitFor(() => nameOf(t) === 'Temperature: 31; 告警：当前高于 30' || null, 'the level in Chinese');
    await sleep(GATHER_MS + 1000);
    expect(r.container.querySelector('.dash3d-space-announcements')!.textContent).toBe('');
  });
});
