import { parseDashboard, type Dashboard } from '../../shared/schema/dashboard';
import type { SchemaIssue } from '../../shared/schema/common';
import { mediaHeaders } from '../host/createHost';

/**
 * Saved dashboards on the media service (/api/dashboards, server/dashboards.mjs). The server stores
 * any JSON; what comes back is parsed here with the shared schema, and a broken document is
 * reported with its issues: the editor never swaps it for an empty one on its own.
 */

export type OpenResult = { ok: true; dashboard: Dashboard } | { ok: false; issues: SchemaIssue[] };

export interface DashboardSummary {
  id: string;
  name: string;
  updatedAt: string;
}

const url = (id: string) => `/api/dashboards/${encodeURIComponent(id)}`;

/** An issue whose message is a playground text key (describeIssues translates it). */
const fail = (message: string, path = '(root)'): OpenResult => ({ ok: false, issues: [{ path, message }] });

/** Parses dashboard JSON text: not JSON, or JSON the schema refuses, both come back as issues. */
export function parseDashboardText(text: string): OpenResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('playground.error.notJson');
  }
  return parseDashboard(json);
}

export async function openDashboard(id: string): Promise<OpenResult> {
  let res: Response;
  try {
    res = await fetch(url(id), { headers: mediaHeaders(), cache: 'no-store' });
  } catch {
    return fail('playground.error.network');
  }
  if (res.status === 404) return fail('playground.error.notFound');
  if (!res.ok) return fail('playground.error.server');
  return parseDashboardText(await res.text());
}

/** PUT /api/dashboards/:id; resolves with the server's summary, rejects with a text key. */
export async function saveDashboard(doc: Dashboard): Promise<DashboardSummary> {
  let res: Response;
  try {
    res = await fetch(url(doc.id), {
      method: 'PUT',
      headers: { ...mediaHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    });
  } catch {
    throw new Error('playground.error.network');
  }
  if (!res.ok) throw new Error(res.status === 413 ? 'playground.error.tooLarge' : 'playground.error.server');
  return res.json();
}

export async function listDashboards(): Promise<DashboardSummary[]> {
  const res = await fetch('/api/dashboards', { headers: mediaHeaders(), cache: 'no-store' });
  if (!res.ok) throw new Error('playground.error.server');
  return res.json();
}
