import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import type { GizmoOptions } from '../../../shared/protocol';
import type { Locale } from '../../../shared/i18n';
import type { RenderHandle } from '../../bridge/connection';
import type { ChildWatch } from './childWatch';
import { GizmoBar } from './GizmoBar';

export interface GizmoProps {
  editing: boolean;
  children: ChildWatch;
  models: Readonly<Record<string, unknown>> | undefined;
  handle: RefObject<RenderHandle | null>;
  /** Whether the pointer rests on a gizmo handle (the engine's 'gizmo-hover'). */
  hover: RefObject<boolean>;
  /** Set here: told whether a handle took a finger's press (the engine's 'gizmo-press'). */
  pressRef: RefObject<((taken: boolean) => void) | null>;
  /** Changes when an engine starts or stops. */
  engineKey: unknown;
  locale: Locale;
  scope(): HTMLElement | null;
}

const noSelection = () => null;

/** How long a finger's press waits for the engine's answer before the host gets it anyway. */
const HOLD_MS = 1500;

/**
 * The transform gizmo of a space (issue 19 point 4), shown while the host edits: on while one of
 * this space's models is selected; its options (mode, snapping, axes) kept here and told to each
 * engine that starts. Draws the bar over the scene, or nothing.
 */
export function GizmoPart(o: GizmoProps): ReactNode {
  const [options, setOptions] = useState<Omit<GizmoOptions, 'enabled'>>({ mode: 'translate', snap: false, space: 'world' });
  // Nothing is selected before the host selects something, and a server hears of no selection.
  const selected = useSyncExternalStore(o.children.onSelection, o.children.selected, noSelection);
  const enabled = o.editing && selected !== null && !!o.models && selected in o.models;
  const { handle, engineKey } = o;
  useEffect(() => {
    // Fire and forget: an engine that went away meanwhile is told again when the next one starts.
    void handle.current?.setGizmo({ ...options, enabled }).catch(() => undefined);
  }, [handle, engineKey, options, enabled]);
  // This part is shown only while the host edits: leaving edit mode turns the engine's gizmo off.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  }, [options]);
  useEffect(() => () => void handle.current?.setGizmo({ ...latest.current, enabled: false }).catch(() => undefined), [handle]);
  // A press on a handle is the gizmo's: marked (defaultPrevented) on its way down, so a host that
  // selects the widget under a press (the space) leaves it alone. The canvas still gets it.
  // A finger does not hover, so the page cannot know at its press: a finger's first press is
  // marked too, and held until the engine says whether a handle took it. One that no handle took
  // is handed to the host then (a copy, on the canvas' parent: the engine has had the press).
  const { hover, pressRef } = o;
  useEffect(() => {
    if (!enabled) return;
    let held: { event: PointerEvent; host: HTMLElement | null } | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = (taken: boolean) => {
      const h = held;
      held = null;
      clearTimeout(timer);
      if (h && !taken) h.host?.dispatchEvent(new PointerEvent('pointerdown', h.event));
    };
    const onDown = (e: PointerEvent) => {
      const canvas = handle.current?.canvas;
      if (!canvas || e.target !== canvas) return;
      if (hover.current) e.preventDefault();
      else if (e.pointerType === 'touch' && e.isPrimary) {
        e.preventDefault();
        release(false); // an earlier press still held (an engine that never answered) goes first
        held = { event: e, host: canvas.parentElement };
        // An engine that went away meanwhile answers nothing: the host gets its press anyway.
        timer = setTimeout(() => release(false), HOLD_MS);
      }
    };
    pressRef.current = release;
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      if (pressRef.current === release) pressRef.current = null;
      // The gizmo went off with a press held: the host gets it, after this commit.
      clearTimeout(timer);
      if (held) setTimeout(() => release(false));
    };
  }, [enabled, hover, pressRef, handle]);
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
