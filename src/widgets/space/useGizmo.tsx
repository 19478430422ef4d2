import type { ReactNode } from 'react';
import { lazyViewPart } from '../lazySettings';
import type { GizmoProps } from './GizmoPart';

/**
 * The gizmo's part (GizmoPart.tsx: its options, the selection, the held finger press and the
 * bar), loaded when the host first edits: a viewer's page never does, and its script before the
 * first frame does not carry it (issue 41 point 4).
 */
const GizmoPart = lazyViewPart('space-gizmo', () => import('./GizmoPart').then((m) => m.GizmoPart));

/** The transform gizmo of a space (issue 19 point 4), while the host edits; null otherwise. */
export function useGizmo(o: GizmoProps): ReactNode {
  return o.editing ? <GizmoPart {...o} /> : null;
}
