import type { LoadOptions } from '../types';
import { checkFileBytes } from './limits';
import { errorText, isModelProblem } from './problem';

export interface Fetched {
  bytes: ArrayBuffer;
  etag?: string;
  lastModified?: string;
}

export const abortError = () => new DOMException('The model load was cancelled', 'AbortError');

/**
 * Fetch a model's main file as bytes, streaming so the loading bar can show bytes received
 * (ARCHITECTURE.md example 5: fetching is separate from parsing). `name` is the file's name for
 * messages. With validators the request is conditional: an unchanged file resolves to null.
 */
export async function fetchMain(
  url: string,
  name: string,
  opts: Pick<LoadOptions, 'signal' | 'onProgress' | 'validators' | 'limits'>,
): Promise<Fetched | null> {
  const { signal, onProgress, validators, limits } = opts;
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['If-None-Match'] = validators.etag;
  if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;
  const conditional = Object.keys(headers).length > 0;
  let res: Response;
  try {
    // A conditional request must reach the server: the HTTP cache would answer 200 from its copy.
    res = await fetch(url, { signal, headers, cache: conditional ? 'no-cache' : 'default' });
  } catch (err) {
    if (signal.aborted) throw abortError();
    throw new Error(`${name}: could not be downloaded (${errorText(err) || 'network error'})`, { cause: err });
  }
  if (res.status === 304) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);

  // content-length is the encoded size: with compression the received bytes can pass it, so the
  // bar only trusts it for identity encoding.
  const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const total = encoded ? 0 : Number(res.headers.get('content-length') ?? 0) || 0;
  // Refused before a byte of the body is read when the server says how big it is.
  if (total > limits.maxModelBytes) {
    await res.body?.cancel();
    checkFileBytes(name, total, limits);
  }
  const meta = { etag: res.headers.get('etag') ?? undefined, lastModified: res.headers.get('last-modified') ?? undefined };
  onProgress('download', 0, total);
  if (!res.body) {
    const bytes = await res.arrayBuffer();
    checkFileBytes(name, bytes.byteLength, limits);
    onProgress('download', bytes.byteLength, total);
    return { bytes, ...meta };
  }

  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      if (received > limits.maxModelBytes) {
        // A server that sent no length (or a compressed body): stop reading at the cap.
        await reader.cancel();
        checkFileBytes(name, received, limits);
      }
      onProgress('download', received, total > 0 ? Math.max(total, received) : 0);
    }
  } catch (err) {
    if (signal.aborted) throw abortError();
    if (isModelProblem(err)) throw err;
    throw new Error(`${name}: the download broke off after ${received} bytes (${errorText(err)})`, { cause: err });
  }
  if (signal.aborted) throw abortError();
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes: bytes.buffer, ...meta };
}
