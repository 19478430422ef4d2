import type { PickedPoint } from '../../../shared/protocol';

/* The types of a "Pick in scene" session, shared by usePickSession.tsx and its layer (PickLayer.tsx). */

export interface PickOptions {
  /** A model widget left out of the ray (a model is placed onto something else). */
  exclude?: string;
  /** Aborting ends the session as 'cancelled' (the panel's button pressed again). */
  signal?: AbortSignal;
}

export type PickOutcome = { status: 'picked'; picked: PickedPoint } | { status: 'missed' } | { status: 'cancelled' };

export interface Session {
  exclude?: string;
  finish(outcome: PickOutcome): void;
}

/** The running engine, as the space's own (stable) ref holds it: it changes on restarts. */
export interface Engine {
  readonly canvas: HTMLCanvasElement;
  pickPoint(x: number, y: number, exclude?: string): Promise<PickedPoint | null>;
}
