import { parseAirm, type Material as MaterialEntity } from '../../shared/schema/material';
import { describeIssues } from '../../shared/i18n';
import { resolveUrl } from '../engine/urls';

/**
 * Where an assignment's `.airm` file is served. `materialsConfig.materials` stores a media-library
 * path relative to the media root ('built-in/materials/x/x.airm'), which the media service serves at
 * `/media/<path>` (server/README.md); a value that is already a URL or an absolute path is used as
 * it is (files outside the library, tests).
 */
export function airmUrl(value: string): string {
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) || v.startsWith('/')) return resolveUrl(v);
  return resolveUrl('/media/' + v.split('/').map(encodeURIComponent).join('/'));
}

/** The file did not load or is not a material: the message names the file and the problem. */
export class AirmError extends Error {}

/** Fetch and validate one `.airm` file (docs/airm.md). */
export async function fetchAirm(url: string, signal: AbortSignal): Promise<MaterialEntity> {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  let text: string;
  try {
    const res = await fetch(url, { signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch (err) {
    if (signal.aborted) throw err;
    throw new AirmError(`material file ${name} did not load: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = parseAirm(text);
  if (parsed.ok) return parsed.material;
  const issues = describeIssues(parsed.issues, 'en').map((i) => `${i.path}: ${i.message}`);
  throw new AirmError(`material file ${name} is not a valid .airm file (${issues.join('; ')})`);
}
