/**
 * The packed form of a document in a share link: deflate-raw (CompressionStream), then base64url
 * (RFC 4648 §5, no padding). Unpacking is bounded: it stops reading once the output passes a cap,
 * so a link that inflates without end fails quickly with a message instead of filling memory.
 */

/**
 * Limits on share links (`#scene=`): the playground's address, not the plug-in's, so they live here.
 * - maxBytes: a document unpacked from a link stops here (the service's per-dashboard default,
 *   MEDIA_MAX_DASHBOARD_MB = 10), so a small link that inflates without end cannot hang the tab.
 * - maxShareChars: the longest whole URL the editor offers to copy. Chromium opens URLs up to 2 MB
 *   and Firefox up to about 1 MB, but chat tools and mail clients cut long links far earlier;
 *   256 KiB keeps a 200 kB fragment (a scene with several spaces and models) shareable while
 *   staying well inside every browser's limit. Longer scenes are shared as `?dashboard=` links.
 */
export const LINK_LIMITS = { maxBytes: 10 * 1024 * 1024, maxShareChars: 256 * 1024 } as const;

export type UnpackResult = { ok: true; text: string } | { ok: false; message: string; params?: Record<string, string | number> };

export function bytesToBase64Url(bytes: Uint8Array): string {
  let bin = '';
  // In slices: String.fromCharCode(...bytes) over megabytes would overflow the argument list.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on text that is not base64url (atob's own check). */
export function base64UrlToBytes(param: string): Uint8Array {
  const b64 = param.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function readAll(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** The input in small pieces, handed over only when asked: with the pipe's back-pressure, output waits for the reader. */
function trickle(bytes: Uint8Array, piece = 1024): ReadableStream<BufferSource> {
  let at = 0;
  return new ReadableStream<BufferSource>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        // Copied, so the stream can take ownership of its chunk.
        controller.enqueue(bytes.slice(at, (at += piece)));
      },
    },
    { highWaterMark: 0 },
  );
}

export async function pack(text: string): Promise<string> {
  const input = trickle(new TextEncoder().encode(text), 64 * 1024);
  const packed = await readAll(input.pipeThrough(new CompressionStream('deflate-raw')), Infinity);
  return bytesToBase64Url(packed!);
}

/**
 * The document for a link: packed, or plain base64url where the browser has no CompressionStream
 * (Safari before 16.4, Firefox before 113). unpack reads both; the caller tells the designer why a
 * plain link is longer.
 */
export async function linkParam(text: string): Promise<{ param: string; compressed: boolean }> {
  if (typeof CompressionStream === 'undefined') return { param: bytesToBase64Url(new TextEncoder().encode(text)), compressed: false };
  return { param: await pack(text), compressed: true };
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/** A plain (not packed) document: older `?scene=` links, or a hand-made fragment. */
function plainText(bytes: Uint8Array): string | null {
  if (bytes[0] !== 0x7b /* '{' */) return null;
  try {
    const text = utf8(bytes);
    JSON.parse(text);
    return text;
  } catch {
    return null;
  }
}

/**
 * A link parameter back to document text: packed (deflate-raw) or plain base64url JSON. The text
 * is not parsed as a dashboard here; the caller does that.
 */
export async function unpack(param: string, cap: number = LINK_LIMITS.maxBytes): Promise<UnpackResult> {
  const tooLarge: UnpackResult = { ok: false, message: 'playground.error.sceneTooLarge', params: { limit: Math.round(cap / 2 ** 20) } };
  let bytes: Uint8Array;
  try {
    bytes = base64UrlToBytes(param);
  } catch {
    return { ok: false, message: 'playground.error.badScene' };
  }
  if (bytes.length > cap) return tooLarge;
  const plain = plainText(bytes);
  if (plain !== null) return { ok: true, text: plain };
  // Packed, and this browser cannot unpack: say so, rather than call a good link damaged.
  if (typeof DecompressionStream === 'undefined') return { ok: false, message: 'playground.error.sceneNeedsUnpacking' };
  let out: Uint8Array | null;
  try {
    out = await readAll(trickle(bytes).pipeThrough(new DecompressionStream('deflate-raw')), cap);
  } catch {
    // Not deflate data, or cut short.
    return { ok: false, message: 'playground.error.sceneNotPacked' };
  }
  if (!out) return tooLarge;
  try {
    return { ok: true, text: utf8(out) };
  } catch {
    return { ok: false, message: 'playground.error.sceneNotPacked' };
  }
}
