import { englishNotice, type ModelNotice, type ModelNoticeCode, type ModelNoticeParams } from '../../../shared/model-notices';

/**
 * A model refused for a reason the designer should read in their language (a limit, with the
 * limit named): the message is the English text, `code` and `params` let the main thread
 * translate it. Thrown by loaders; it crosses the parse worker's boundary as plain data.
 */
export class ModelProblem extends Error implements ModelNotice {
  constructor(
    readonly code: ModelNoticeCode,
    readonly params: ModelNoticeParams,
  ) {
    super(englishNotice({ code, params }));
    this.name = 'ModelProblem';
  }
}

export const isModelProblem = (err: unknown): err is ModelProblem => err instanceof ModelProblem;

/**
 * A readable text for anything a loader rejects with. Errors give their message; but three's
 * decoders reject with plain objects (DRACOLoader: its worker's `{ type, id, error }` message),
 * ProgressEvents and Events carry no message at all, and `String()` of those is '[object Object]'.
 */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err || 'unknown error';
  if (err && typeof err === 'object') {
    const o = err as Record<string, unknown>;
    for (const k of ['message', 'error', 'reason']) {
      const v = o[k];
      if (typeof v === 'string' && v) return v;
      if (v && typeof v === 'object' && v !== err) return errorText(v);
    }
    const type = typeof o.type === 'string' ? o.type : '';
    if (type === 'error' && typeof o.filename === 'string') return `script ${o.filename} failed`;
    if (type) return `${type} event`;
    try {
      const json = JSON.stringify(err);
      if (json && json !== '{}') return json.length > 200 ? `${json.slice(0, 200)}…` : json;
    } catch {
      // A cyclic object: fall through to its constructor's name.
    }
    return (err as { constructor?: { name?: string } }).constructor?.name || 'unknown error';
  }
  if (typeof err === 'number' || typeof err === 'boolean' || typeof err === 'bigint') return String(err);
  if (typeof err === 'symbol') return err.toString();
  return 'unknown error';
}
