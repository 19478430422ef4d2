import * as z from 'zod';
import { parseDashboard, type Dashboard, type SchemaIssue } from 'dash3d';
import { hasSession, mediaHeaders, noteUnauthorized, sessionReady } from '../host/session';

/**
 * Saved dashboards on the media service (/api/dashboards, server/dashboards.mjs). The server stores
 * any JSON; what comes back is parsed here with the shared schema, and a broken document is
 * reported with its issues: the editor never swaps it for an empty one on its own.
 */

export type OpenResult = { ok: true; dashboard: Dashboard } | { ok: false; issues: SchemaIssue[] };

/** What the service answers for a saved dashboard (server/dashboards.mjs summaryOf). */
const DashboardSummarySchema = z.object({ id: z.string(), name: z.string(), updatedAt: z.string() });
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** A 2xx answer that is not what the service sends is a server fault, said as one. */
async function answer<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new Error('playground.error.server');
  return parsed.data;
}

/** The dashboard the media service seeds on its first start (server/example.mjs EXAMPLE_DASHBOARD_ID). */
export const EXAMPLE_DASHBOARD_ID = 'example';

const url = (id: string) => `/api/dashboards/${encodeURIComponent(id)}`;

/** An error whose message is a text key, with the values its placeholders take (locale.tsx errorText). */
export class TextError extends Error {
  constructor(
    key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const MIB = 1024 * 1024;

/** 413: the server names its limit in bytes ({ error, limit }); the editor says it in MB. */
async function tooLarge(res: Response): Promise<Error> {
  const body: unknown = await res.json().catch(() => null);
  const limit = body && typeof body === 'object' && 'limit' in body && typeof body.limit === 'number' ? body.limit : null;
  if (limit === null) return new Error('playground.error.server');
  return new TextError('playground.error.tooLarge', { limit: Math.round((limit / MIB) * 10) / 10 });
}

/**
 * 'Not signed in', as a text key: what a 401 says, and what a call made without a session answers
 * at once. Such a call is not sent: its answer could only be a 401, which the browser logs as an
 * error in the console of every viewer, and the notice at the top already says what to do.
 */
const NO_SESSION = 'session.error.unauthorized';

/** 401: not signed in, or the session ended (the notice at the top says what to do). */
function unauthorized(): Error {
  noteUnauthorized();
  return new Error(NO_SESSION);
}

/** An issue whose message is a playground text key (describeIssues of i18n/index.ts translates it). */
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
  await sessionReady;
  if (!hasSession()) return fail(NO_SESSION);
  let res: Response;
  try {
    res = await fetch(url(id), { headers: mediaHeaders(), cache: 'no-store' });
  } catch {
    return fail('playground.error.network');
  }
  if (res.status === 404) return fail('playground.error.notFound');
  if (res.status === 401) return fail(unauthorized().message);
  if (!res.ok) return fail('playground.error.server');
  return parseDashboardText(await res.text());
}

/** PUT /api/dashboards/:id; resolves with the server's summary, rejects with a text key. */
export async function saveDashboard(doc: Dashboard): Promise<DashboardSummary> {
  await sessionReady;
  if (!hasSession()) throw new Error(NO_SESSION);
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
  if (res.status === 413) throw await tooLarge(res);
  if (res.status === 401) throw unauthorized();
  if (!res.ok) throw new Error('playground.error.server');
  return answer(res, DashboardSummarySchema);
}

export async function listDashboards(): Promise<DashboardSummary[]> {
  await sessionReady;
  if (!hasSession()) throw new Error(NO_SESSION);
  const res = await fetch('/api/dashboards', { headers: mediaHeaders(), cache: 'no-store' });
  if (res.status === 401) throw unauthorized();
  if (!res.ok) throw new Error('playground.error.server');
  return answer(res, z.array(DashboardSummarySchema));
}
