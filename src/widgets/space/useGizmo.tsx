import { useEffect, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import type { GizmoOptions } from '../../../shared/protocol';
import type { Locale } from '../../../shared/i18n';
import type { RenderHandle } from '../../bridge/connection';
import type { ChildWatch } from './childWatch';
import { GizmoBar } from './GizmoBar';

/**
 * The transform gizmo of a space (issue 19 point 4): on while the host edits and has selected one
 * of this space's models; its options (mode, snapping, axes) kept here and told to each engine
 * that starts. Returns the bar to draw over the scene, or null.
 */
export function useGizmo(o: {
  editing: boolean;
  children: ChildWatch;
  models: Readonly<Record<string, unknown>> | undefined;
  handle: RefObject<RenderHandle | null>;
  /** Whether the pointer rests on a gizmo handle (the engine's 'gizmo-hover'). */
  hover: RefObject<boolean>;
  /** Changes when an engine starts or stops. */
  engineKey: unknown;
  locale: Locale;
  scope(): HTMLElement | null;
}): ReactNode {
  const [options, setOptions] = useState<Omit<GizmoOptions, 'enabled'>>({ mode: 'translate', snap: false, space: 'world' });
  const selected = useSyncExternalStore(o.children.onSelection, o.children.selected);
  const enabled = o.editing && selected !== null && !!o.models && selected in o.models;
  const { handle, engineKey } = o;
  useEffect(() => {
    // Fire and forget: an engine that went away meanwhile is told again when the next one starts.
    void handle.current?.setGizmo({ ...options, enabled }).catch(() => undefined);
  }, [handle, engineKey, options, enabled]);
  // A press on a handle is the gizmo's: marked (defaultPrevented) on its way down, so a host that
  // selects the widget under a press (the space) leaves it alone. The canvas still gets it.
  const { hover } = o;
  useEffect(() => {
    if (!enabled) return;
    const onDown = (e: PointerEvent) => {
      if (hover.current && e.target === handle.current?.canvas) e.preventDefault();
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [enabled, hover, handle]);
  if (!enabled) return null;
  return (
    <GizmoBar
      options={{ ...options, enabled }}
      onChange={({ mode, snap, space }) => setOptions({ mode, snap, space })}
      locale={o.locale}
      scope={o.scope}
    />
  );
}
