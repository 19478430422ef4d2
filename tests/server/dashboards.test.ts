import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDashboard } from '../../shared/schema';
import { answer, AUTH, json, startTestServer, storedFiles, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ maxDashboardBytes: 32 * 1024, seed: false });
});
afterAll(() => s.close());

const put = (id: string, body: string, headers: Record<string, string> = { ...AUTH, 'content-type': 'application/json' }) =>
  fetch(`${s.url}/api/dashboards/${id}`, { method: 'PUT', headers, body });

const doc = (name: string) => ({
  id: 'plant-1',
  name,
  version: 1,
  widgets: [{ id: 'space', type: 'threeD-space', layout: { x: 0, y: 0, w: 1000, h: 600 }, config: {}, children: [] }],
});

describe('dashboards (/api/dashboards)', () => {
  it('an empty store lists as []; a missing dashboard is 404', async () => {
    expect(await (await s.get('/api/dashboards')).json()).toEqual([]);
    const res = await s.get('/api/dashboards/nothing-here');
    expect(res.status).toBe(404);
    expect((await answer(res)).error).toMatch(/nothing-here/);
  });

  it('PUT stores the JSON as sent, GET answers it byte for byte, and the shared schema reads it', async () => {
    const text = JSON.stringify(doc('Plant 1'), null, 3) + '\n';
    const res = await put('plant-1', text);
    expect(res.status).toBe(200);
    const summary = await json<{ id: string; name: string; updatedAt: string }>(res);
    expect(summary).toEqual({ id: 'plant-1', name: 'Plant 1', updatedAt: summary.updatedAt });
    expect(new Date(summary.updatedAt).getTime()).not.toBeNaN();
    const back = await s.get('/api/dashboards/plant-1');
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toMatch(/^application\/json/);
    const got = await back.text();
    expect(got).toBe(text);
    expect(parseDashboard(JSON.parse(got)).ok).toBe(true);
  });

  it('PUT again replaces; the list shows {id, name, updatedAt}, most recent first', async () => {
    const pause = () => new Promise((r) => setTimeout(r, 15));
    await put('plant-1', JSON.stringify(doc('Plant 1, renamed')));
    await pause();
    await put('b_2', JSON.stringify({ name: 'Second', widgets: [] }));
    await pause();
    await put('no-name', '[1, 2, 3]');
    const listed = await answer<{ id: string; name: string; updatedAt: string }[]>(await s.get('/api/dashboards'));
    expect(listed.map((d: { id: string }) => d.id)).toEqual(['no-name', 'b_2', 'plant-1']);
    expect(listed.at(-1)).toMatchObject({ id: 'plant-1', name: 'Plant 1, renamed' });
    // A document without a name is listed under its id.
    expect(listed.find((d: { id: string }) => d.id === 'no-name')).toMatchObject({ name: 'no-name' });
    for (const d of listed) expect(new Date(d.updatedAt).getTime()).not.toBeNaN();
  });

  it('content is not validated beyond being JSON: a dashboard the schema rejects is stored as is', async () => {
    const broken = JSON.stringify({ name: 'Broken', widgets: [{ id: '', type: 5 }] });
    expect((await put('broken', broken)).status).toBe(200);
    expect(await (await s.get('/api/dashboards/broken')).text()).toBe(broken);
  });

  it('refuses a body that is not JSON (400) or not sent as JSON (415)', async () => {
    const bad = await put('x', '{ not json');
    expect(bad.status).toBe(400);
    expect((await answer(bad)).error).toMatch(/JSON/);
    expect((await put('x', '')).status).toBe(400);
    expect((await put('x', '{}', { ...AUTH, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await s.get('/api/dashboards/x')).status).toBe(404);
  });

  it('ids are 1 to 64 of [A-Za-z0-9_-]: anything else is 400 and nothing is written', async () => {
    const before = await storedFiles(s, 'dashboards');
    // ('..' itself is not here: fetch resolves '/api/dashboards/..' to '/api/' before sending.)
    for (const id of ['a.b', '.x', '%2e%2e', 'a%2fb', 'a b', 'x'.repeat(65), 'ü']) {
      expect((await put(encodeURIComponent(id), '{}')).status, id).toBe(400);
      expect((await s.get(`/api/dashboards/${encodeURIComponent(id)}`)).status, id).toBe(400);
    }
    expect((await put('x'.repeat(64), '{}')).status).toBe(200);
    expect(await storedFiles(s, 'dashboards')).toEqual([...before, `${'x'.repeat(64)}.json`].sort());
  });

  it('a dashboard over the size limit is 413 and does not replace the stored one', async () => {
    await put('sized', JSON.stringify({ name: 'small' }));
    const big = JSON.stringify({ name: 'big', pad: 'x'.repeat(40 * 1024) });
    const res = await put('sized', big);
    expect(res.status).toBe(413);
    expect(JSON.parse(await (await s.get('/api/dashboards/sized')).text())).toEqual({ name: 'small' });
  });

  it('leaves no temporary files behind', async () => {
    expect((await storedFiles(s, 'dashboards')).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
