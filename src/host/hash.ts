/**
 * SHA-256 of a text as lower-case hex, or null where SubtleCrypto is missing (a page served
 * neither over https nor from localhost): the callers then key by the text itself.
 */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
