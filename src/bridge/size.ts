import type { ViewSize } from '../../shared/protocol';

export function viewSize(el: HTMLElement): ViewSize {
  const r = el.getBoundingClientRect();
  return { width: r.width, height: r.height, pixelRatio: window.devicePixelRatio || 1, left: r.left, top: r.top };
}

/** Report the element's size on change, at most once per animation frame. */
export function watchSize(el: HTMLElement, cb: (size: ViewSize) => void): () => void {
  let frame: number | null = null;
  const observer = new ResizeObserver(() => {
    if (frame === null)
      frame = requestAnimationFrame(() => {
        frame = null;
        cb(viewSize(el));
      });
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    if (frame !== null) cancelAnimationFrame(frame);
  };
}
