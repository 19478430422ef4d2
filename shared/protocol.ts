import type { SchemaIssue } from './schema/common';

/** Bumped whenever the worker API or the event union changes shape. */
export const PROTOCOL_VERSION = 1;

export interface ViewSize {
  /** CSS pixels of the canvas box. */
  width: number;
  height: number;
  /** Device pixel ratio; the engine caps it. */
  pixelRatio: number;
  /** Canvas box position in the page, for controls that read getBoundingClientRect. */
  left?: number;
  top?: number;
}

export interface InitOptions {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  size: ViewSize;
  /** Any stored config: the worker parses it again and fills defaults. */
  config: unknown;
  /** False after a restart caused by a hung script: hooks and frame scripts are not run. */
  scriptsEnabled: boolean;
  /** main -> worker: forwarded pointer/wheel/key events (shared/input.ts). */
  input: MessagePort;
  /** worker -> main: EngineEvent stream. */
  events: MessagePort;
}

export interface InitResult {
  version: number;
  /** Capped pixel ratio in use. */
  pixelRatio: number;
}

export interface PixelReadout {
  width: number;
  height: number;
  /** RGBA bytes, rows from the top. */
  data: Uint8Array;
}

export interface EngineStats {
  /** Frames drawn since init. */
  frames: number;
  /** Longest gap between two drawn frames in the last `window` (ms) and the frames in it. */
  longestGapMs: number;
  windowFrames: number;
  windowMs: number;
  memory: { geometries: number; textures: number };
  programs: number;
  contextLost: boolean;
  scriptsEnabled: boolean;
  /** Config patches received since init (proves coalescing). */
  patches: number;
}

/** The render worker's API, called over comlink. Every call parses its input again. */
export interface RenderApi {
  init(options: InitOptions): Promise<InitResult>;
  /** Replace whole top-level sections of the config (only the ones that changed are sent). */
  patchConfig(patch: unknown): Promise<{ ok: true } | { ok: false; issues: SchemaIssue[] }>;
  resize(size: ViewSize): void;
  /** Heartbeat: answers at once unless a script hogs the worker. */
  ping(): number;
  /** Resolves after a frame was drawn with no asset load pending. */
  settled(): Promise<void>;
  /** Draw now and read back the canvas (tests and thumbnails). */
  readPixels(): Promise<PixelReadout>;
  stats(windowMs?: number): EngineStats;
  /** Test support: lose / restore the WebGL context through WEBGL_lose_context. */
  simulateContextLoss(restoreAfterMs: number): boolean;
  dispose(): void;
}

export type ErrorCode = 'webgl-unavailable' | 'config-invalid' | 'asset-failed' | 'internal';
export type ScriptHook = 'compile' | 'onReady' | 'onModelLoaded' | 'frame';

export type EngineEvent =
  | { type: 'progress'; loaded: number; total: number; label: string }
  /** The first frame with every pending asset settled has been drawn. */
  | { type: 'ready' }
  | { type: 'error'; code: ErrorCode; message: string; fatal: boolean }
  | { type: 'config-rejected'; issues: SchemaIssue[] }
  | { type: 'context-lost' }
  | { type: 'context-restored' }
  | { type: 'script-error'; hook: ScriptHook; message: string }
  | { type: 'log'; level: 'log' | 'warn' | 'error'; message: string };
