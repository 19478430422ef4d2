import { TOKEN } from './server';

/**
 * A copy of the seeded example that stands still, stored as dashboard `example-still`: its
 * turntable's animation off and the pump line's rules that turn the fan and move the flow arrows
 * left out (their colours and the cards stay). The moving example draws as fast as the machine
 * lets it (18 core-seconds in 10 s here, 6 standing still): a test that only reads the DOM opens
 * this one and leaves the cores to the tests beside it (docs/testing.md).
 */
export async function stillExample(base: string): Promise<string> {
  const headers = { authorization: `Bearer ${TOKEN}` };
  const res = await fetch(`${base}/api/dashboards/example`, { headers });
  if (!res.ok) throw new Error(`reading the example: ${res.status}`);
  const doc = (await res.json()) as { widgets: Widget[] };
  const still = (w: Widget): Widget => {
    const config = { ...w.config };
    if (Array.isArray(config.animationConfig)) config.animationConfig = config.animationConfig.map((a) => ({ ...a, enable: false }));
    if (Array.isArray(config.rules))
      config.rules = config.rules.filter((r) => !r.effects?.some((e) => e.type === 'spin' || e.type === 'flow'));
    return { ...w, config, children: (w.children ?? []).map(still) };
  };
  const put = await fetch(`${base}/api/dashboards/example-still`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...doc, widgets: doc.widgets.map(still) }),
  });
  if (!put.ok) throw new Error(`storing the still example: ${put.status} ${await put.text()}`);
  return 'example-still';
}

interface Widget {
  config: { animationConfig?: { enable: boolean }[]; rules?: { effects?: { type: string }[] }[]; [k: string]: unknown };
  children?: Widget[];
  [k: string]: unknown;
}
