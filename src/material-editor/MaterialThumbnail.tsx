import { useEffect, useState, type CSSProperties } from 'react';
import type { ThumbnailRenderer } from './thumbnails';

export interface MaterialThumbnailProps {
  /** A material entity in any stored form. */
  material: unknown;
  /** The shared renderer (createThumbnailRenderer): one hidden engine for the whole list. */
  renderer: ThumbnailRenderer;
  /** Edge in CSS pixels; the JPEG is rendered at this times the device pixel ratio. */
  size?: number;
  alt?: string;
  style?: CSSProperties;
  /** The material could not be drawn (the reason, in plain words). */
  onError?(message: string): void;
}

/**
 * One material ball as an image, for a host's own material lists: drawn by the shared thumbnail
 * renderer in its worker, so a list of many costs the page no WebGL context each and no main-thread
 * rendering. While it renders, an empty square of the same size holds the place.
 */
export function MaterialThumbnail({ material, renderer, size = 64, alt = '', style, onError }: MaterialThumbnailProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    // Read here rather than while rendering: a server render has no device, hence no pixel ratio.
    const pixels = Math.min(1024, Math.round(size * (window.devicePixelRatio || 1)));
    let live = true;
    let made: string | null = null;
    renderer.thumbnail(material, { size: pixels }).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
        setFailed(null);
      },
      (err: unknown) => {
        if (!live) return;
        const message = err instanceof Error ? err.message : String(err);
        setFailed(message);
        onError?.(message);
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // onError is a notification only; a new function each render must not render again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [material, renderer, size]);
  const box: CSSProperties = { width: size, height: size, borderRadius: 4, display: 'block', ...style };
  if (url) return <img src={url} alt={alt} width={size} height={size} style={{ ...box, objectFit: 'cover' }} data-state="shown" />;
  return (
    <span
      role="img"
      aria-label={alt}
      title={failed ?? undefined}
      data-state={failed ? 'error' : 'loading'}
      style={{ ...box, background: '#eee' }}
    />
  );
}
