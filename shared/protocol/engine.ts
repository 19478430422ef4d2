import type { SchemaIssue } from '../schema/common';
import type { ChunkFailure, ChunkSettings } from '../schema/chunks';
import type { EngineStats } from '../stats';

/*
 * The render protocol's engine area: starting a space and ending it, its config and size, its view,
 * and what a test or a thumbnail reads off it; the events of its lifetime and of its user code.
 */

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
  /** Model widgets by id (each config parsed again); invalid ones are reported and skipped. */
  models?: Record<string, unknown>;
  /** The dashboard page's URL: relative asset URLs in the config resolve against it. */
  baseUrl: string;
  /**
   * Origins (e.g. 'https://media.example.com') assets may load from: the media library's and the
   * ones the host lists (ThreeDHost.media.allowedOrigins). Every other URL a config or a model
   * file names is refused without a request. Absent: the base URL's origin only.
   */
  allowedOrigins?: string[];
  /**
   * False after a restart caused by a hung script, and while the host has not allowed the
   * document's code to run: hooks, frame scripts and shader code are not run.
   */
  scriptsEnabled: boolean;
  /** The viewer asks for reduced motion (prefers-reduced-motion, or the host's choice): worker/engine/motion.ts. */
  reducedMotion?: boolean;
  /** The host's per-model caps (ThreeDHost.limits, shared/schema/limits.ts); the worker parses them again. */
  limits?: unknown;
  /** How lazily loaded parts are fetched (timeout; tests: the parse worker's URL). Parsed again. */
  chunks?: ChunkSettings;
  /** main -> worker: forwarded pointer/wheel/key events (shared/input.ts). */
  input: MessagePort;
  /** worker -> main: EngineEvent stream. */
  events: MessagePort;
  /**
   * worker -> main: where the render worker asks the page to start its parse workers
   * (shared/parse-host.ts). Absent in the main-thread fallback, and where the page does not know
   * the render worker's script (a host's createWorker that hands back a worker made elsewhere).
   */
  parsers?: MessagePort;
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

/** A camera pose: where the camera is and the point it looks at. */
export interface CameraView {
  position: { x: number; y: number; z: number };
  target: { x: number; y: number; z: number };
}

/** RenderApi's calls of this area (shared/protocol.ts). */
export interface EngineCalls {
  init(options: InitOptions): InitResult;
  /** Replace whole top-level sections of the config (only the ones that changed are sent). */
  patchConfig(patch: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] };
  resize(size: ViewSize): void;
  /** Heartbeat: answers at once unless a script hogs the worker. */
  ping(): number;
  /** The current camera pose (to store as a snapshot). */
  getView(): CameraView;
  /** Move the camera to a pose over durationMs (a snapshot; absent: at once); the controls carry on from there. */
  viewTo(view: CameraView, durationMs?: number): void;
  /** Reduced motion turned on or off (the media query changed, or the host's choice): worker/engine/motion.ts. */
  setMotion(reduced: boolean): void;
  /**
   * Resolves after a frame was drawn with no asset load pending and showing every change sent
   * before: at once when the last frame drawn already was such a frame. The page's handle resolves
   * it once the events the engine sent before answering were handed on too (events-flush.ts): a
   * script's log or a model-loaded is then in the host's onEvent.
   */
  settled(): Promise<void>;
  /** Draw now and read back the canvas (tests and thumbnails). */
  readPixels(): PixelReadout;
  /**
   * Draw now and answer the bytes of a small JPEG of the view, cropped to width x height pixels (at
   * most 1024 each; quality 0..1, default 0.8): a snapshot's thumbnail. Bytes, not a Blob: shared/
   * knows no DOM types, and a few kilobytes cost nothing to copy.
   */
  captureThumbnail(width: number, height: number, quality?: number): Promise<ArrayBuffer>;
  /**
   * The engine's figures. The window's (`windowFrames`, `longestGapMs`, `windowGapsMs`) cover the
   * `windowMs` (default 1000) before `endsAt`: performance.timeOrigin + performance.now() where the
   * caller measured, ms since the epoch. Default, and for an `endsAt` that is not a number, is
   * ahead of the engine's clock, is over 10 minutes old or is before the oldest frame the engine
   * keeps (4096): when the engine answers, which may be a frame later than the call. `frames` is
   * the total when the engine answers.
   */
  stats(windowMs?: number, endsAt?: number): EngineStats;
  /** Test support: lose / restore the WebGL context through WEBGL_lose_context. */
  simulateContextLoss(restoreAfterMs: number): boolean;
  dispose(): void;
}

export type ErrorCode = 'webgl-unavailable' | 'config-invalid' | 'asset-failed' | 'internal';
export type ScriptHook = 'compile' | 'onReady' | 'onModelLoaded' | 'frame' | 'variable';

/** EngineEvent's events of this area (shared/protocol.ts). */
export type SpaceEvent =
  | { type: 'progress'; loaded: number; total: number; label: string }
  /** The first frame with every pending asset settled has been drawn. */
  | { type: 'ready' }
  | { type: 'error'; code: ErrorCode; message: string; fatal: boolean }
  | { type: 'config-rejected'; issues: SchemaIssue[] }
  | { type: 'context-lost' }
  | { type: 'context-restored' }
  /** `line`: where in the space's script it was thrown, when the error's stack tells it. */
  | { type: 'script-error'; hook: ScriptHook; message: string; line?: number | null }
  /**
   * User code is running now (a hook, a frame callback, a material's frame script or shader code;
   * merely registered callbacks do not count). Sent before the code runs and again as soon as it
   * returned, so a worker that then hangs has already said why: the heartbeat treats silence during
   * script activity as a hang (measured against the worker's own pace), and other silence (a big
   * decode, a shader compile on a starved machine) as slowness.
   */
  | { type: 'script-activity'; busy: boolean }
  /**
   * The render worker is starting a worker of its own (a model parser): sent before `new Worker()`
   * and again once it returned. Firefox ESR 153 on a loaded machine sometimes never returns from it
   * (docs/browsers.md), so the heartbeat takes silence meanwhile for a stuck worker after a short
   * bound (worker/engine/worker-starts.ts), not for slow work.
   */
  | { type: 'worker-start'; busy: boolean }
  | { type: 'log'; level: 'log' | 'warn' | 'error'; message: string }
  /**
   * The space's script reads these host variables (api.variable, api.onVariable): the page
   * forwards their values like those the rules read (issue 40). Names only, at most 200.
   */
  | { type: 'variables-wanted'; names: string[] }
  /** User code was not run because user code is off (a material file's shaderCode or frameScript). */
  | { type: 'user-code-held'; what: 'shaderCode' | 'frameScript'; file: string }
  /** A lazily loaded part (parse worker, decoder, loader, environment preset) did not load (spec §8). */
  | { type: 'chunk-failed'; failure: ChunkFailure };
