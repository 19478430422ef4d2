import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { GroupConfig } from '../../../shared/schema/group';
import type { GroupTransform } from '../../../shared/overlays';
import type { GroupRegistry } from '../space/groupRegistry';

const noLayer = () => null;

/**
 * Where a group's element sits inside a 3D space: in the space's group layer (a portal, so the
 * host widgets on it keep their React context and their events still bubble through the host's
 * tree), at the layer's top-left, moved by the `matrix3d()` the engine computes for it. The engine
 * sends a transform only when it changed; it is written straight to the element's style, with no
 * React render per frame. Until the first one arrives the element stays hidden. A real DOM element
 * with a CSS transform is hit-tested where it is drawn, so its widgets stay clickable at an angle.
 */
export function GroupInSpace({
  id,
  config,
  groups,
  children,
}: {
  id: string;
  config: GroupConfig;
  groups: GroupRegistry;
  children(ref: (el: HTMLDivElement | null) => void, style: CSSProperties): ReactNode;
}) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  // The layer is set in an effect of the space: none on the server, nor in a hydrating client.
  const layer = useSyncExternalStore(groups.subscribe, groups.layer, noLayer);

  useEffect(() => groups.set(id, config), [groups, id, config]);
  useEffect(() => () => groups.remove(id), [groups, id]);
  useLayoutEffect(() => {
    if (!element) return;
    hide(element);
    return groups.onTransform(id, (t) => applyTransform(element, t));
  }, [groups, id, element]);

  if (!layer) return null;
  const style: CSSProperties = { position: 'absolute', left: 0, top: 0, transformOrigin: '0 0' };
  return createPortal(children(setElement, style), layer);
}

/** Until the engine said where it goes: the element's place in the layer is meaningless. */
function hide(el: HTMLElement) {
  el.style.visibility = 'hidden';
}

/** Sent by the worker: checked before it reaches the page's styles. */
function applyTransform(el: HTMLElement, t: GroupTransform) {
  const m = t.matrix;
  if (!Array.isArray(m) || m.length !== 16 || !m.every((v) => typeof v === 'number' && Number.isFinite(v))) return;
  el.style.transform = `matrix3d(${m.join(',')})`;
  el.style.visibility = t.visible === true ? 'visible' : 'hidden';
  el.style.opacity = String(Math.min(1, Math.max(0, Number(t.opacity) || 0)));
}
