/**
 * Images painted in the test page, as blob URLs (same-origin: the render worker may fetch them).
 * Call revokeImages() after each test.
 */
const made: string[] = [];

/** A blob URL of these bytes, revoked with the images. */
export function blobUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  made.push(url);
  return url;
}

export async function imageUrl(w: number, h: number, paint: (g: CanvasRenderingContext2D) => void): Promise<string> {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  paint(c.getContext('2d')!);
  return blobUrl(await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png')));
}

/** Top half one colour, bottom half another: shows whether an image arrives upside down. */
export const split = (top: string, bottom: string, w = 64, h = 64) =>
  imageUrl(w, h, (g) => {
    g.fillStyle = top;
    g.fillRect(0, 0, w, h / 2);
    g.fillStyle = bottom;
    g.fillRect(0, h / 2, w, h / 2);
  });

export function revokeImages(): void {
  for (const u of made.splice(0)) URL.revokeObjectURL(u);
}
