import { afterEach, describe, expect, it } from 'vitest';
import { CARD_WIDGET, GROUP_WIDGET, MODEL_WIDGET, parseDashboard, SPACE_WIDGET } from '../../shared/schema/dashboard';
import { startMediaServer } from '../../server/app.mjs';
import { EXAMPLE_DASHBOARD_ID } from '../../server/example.mjs';
import { ModelConfigWithRulesSchema } from '../../shared/schema/rules';
import { CardConfigSchema } from '../../shared/schema/card';
import { AUTH, answer, startTestServer, type TestServer } from './helpers';
import { storeOf } from './store-under-test';

const open: TestServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});
async function start() {
  const s = await startTestServer();
  open.push(s);
  return s;
}
type Summary = { id: string; name: string; updatedAt: string };
const listOf = async (s: { url: string }) => answer<Summary[]>(await fetch(`${s.url}/api/dashboards`, { headers: AUTH }));
const put = (s: { url: string }, id: string, doc: unknown) =>
  fetch(`${s.url}/api/dashboards/${id}`, {
    method: 'PUT',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });

describe('the seeded example dashboard', () => {
  it('is there on first start, parses with the dashboard schema and holds what a first scene needs', async () => {
    const s = await start();
    const listed = await listOf(s);
    expect(listed.map((d) => d.id)).toEqual([EXAMPLE_DASHBOARD_ID]);
    const doc: unknown = await (await s.get(`/api/dashboards/${EXAMPLE_DASHBOARD_ID}`)).json();
    const parsed = parseDashboard(doc);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const [space, ...rest] = parsed.dashboard.widgets;
    expect(rest).toEqual([]);
    expect(space?.type).toBe(SPACE_WIDGET);
    const kids = space!.children;
    const models = kids.filter((w) => w.type === MODEL_WIDGET);
    const cards = kids.filter((w) => w.type === CARD_WIDGET);
    const groups = kids.filter((w) => w.type === GROUP_WIDGET);
    expect(models).toHaveLength(2);
    // The models are seeded built-in ones, and they are really served.
    for (const model of models) {
      const filePath = (model.config as { src: { filePath: string } }).src.filePath;
      expect(filePath).toMatch(/^\/media\/built-in\/models\//);
      expect((await s.get(filePath)).status).toBe(200);
    }
    // The pump line's rules (issue 40) check in full, as the model panel and the engine check them:
    // a ramp, a spin, a mapped transform and a motion indicator, each reading a live variable.
    const line = ModelConfigWithRulesSchema.parse(models.find((m) => m.id === 'example-line')!.config);
    expect(line.rules.map((r) => [r.variable, r.parts, r.effects.map((e) => e.type)])).toEqual([
      ['temperature', ['Pump'], ['ramp']],
      ['speed', ['Fan'], ['spin']],
      ['valve', ['Valve'], ['transform']],
      ['flow', ['Pipe'], ['flow']],
    ]);
    // The temperature card: a warning, and an alarm that blinks and tints the pump.
    const levels = CardConfigSchema.parse(cards[0]!.config).levelConfig;
    expect(levels.levels.map((l) => [l.high, l.blink, l.tintPart])).toEqual([
      [35, false, false],
      [40, true, true],
    ]);
    expect([levels.partModel, levels.parts]).toEqual(['example-line', ['Pump']]);
    // Three cards, each bound to one of the playground's live variables.
    const bound = cards.map((c) => (c.config as { dataConfig: { dataList: { value: unknown }[] } }).dataConfig.dataList[0]?.value);
    expect(bound).toEqual(['{{temperature}}', '{{pressure}}', '{{running}}']);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.children).toHaveLength(1);
    const snapshots = (space!.config as { snapshotConfig: { snapshotList: { name: string }[] } }).snapshotConfig.snapshotList;
    expect(snapshots).toHaveLength(2);
  });

  it('is listed first, before dashboards saved later', async () => {
    const s = await start();
    expect((await put(s, 'mine', { id: 'mine', name: 'Mine', widgets: [] })).status).toBe(200);
    expect((await listOf(s)).map((d) => d.id)).toEqual([EXAMPLE_DASHBOARD_ID, 'mine']);
  });

  it("is not seeded again over the user's change, nor back after the user removed it", async () => {
    const s = await start();
    const mine = { id: EXAMPLE_DASHBOARD_ID, name: 'My pump station', widgets: [] };
    expect((await put(s, EXAMPLE_DASHBOARD_ID, mine)).status).toBe(200);
    await s.app.close();
    const opts = s.startOptions;
    const again = await startMediaServer(opts);
    expect(await (await fetch(`${again.url}/api/dashboards/${EXAMPLE_DASHBOARD_ID}`, { headers: AUTH })).json()).toEqual(mine);
    await again.app.close();

    await (await storeOf(opts, 'dashboards')).remove([`${EXAMPLE_DASHBOARD_ID}.json`]);
    const third = await startMediaServer(opts);
    expect(await listOf(third)).toEqual([]);
    await third.app.close();
  });
});
