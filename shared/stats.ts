import type { CardStats } from './overlays';

/** What the render API's stats() answers: frames, GPU memory, and each part's own counts. */
export interface EngineStats {
  /** Frames drawn since init. */
  frames: number;
  /** Longest gap between two drawn frames in the `windowMs` before `endsAt` (default: now) and the frames in it. */
  longestGapMs: number;
  windowFrames: number;
  windowMs: number;
  /** The gaps between the window's frames in ms, oldest first (at most the newest 120). */
  windowGapsMs: number[];
  memory: { geometries: number; textures: number };
  programs: number;
  contextLost: boolean;
  scriptsEnabled: boolean;
  /** Config patches received since init (proves coalescing). */
  patches: number;
  /** Batches of host variables received since init (setVariables), and the variables the engine holds (issue 40). */
  variables: { batches: number; held: number };
  /** Model widgets the engine holds now, and how many of them have their file drawn. */
  models: {
    total: number;
    loaded: number;
    /** A parse worker was started ahead of the first model and has its parsers (render worker only). */
    parserWarmed: boolean;
    /** Parse workers given up on for going silent (worker/models/load/parse/watch.ts) since the render worker started. */
    parserStalls: number;
  };
  /** Data cards the engine holds, and how many card textures it has drawn since init (proves redraw only on change). */
  cards: CardStats;
  /** The transform gizmo: its mode, the handle under the pointer, the model it is on, whether a drag runs. */
  gizmo: { mode: string; axis: string | null; attached: string | null; dragging: boolean };
  /**
   * Adaptive resolution (renderConfig.resolution): the scale of the screen's pixel ratio chosen for
   * a moving view (1 when fixed), the ratio the last drawn frame drew the scene at, and how many
   * times the scale changed since the stage was built. Cards, pins and the editor's outline are
   * drawn at the screen's ratio whatever the scene's (issue 34).
   */
  resolution: {
    mode: 'auto' | 'fixed';
    scale: number;
    pixelRatio: number;
    devicePixelRatio: number;
    changes: number;
    /**
     * The pixels the last frame drew the scene into: the canvas' drawing buffer, or the scene's own
     * target when overlays were drawn over a scene drawn at a lower ratio than the screen's.
     */
    buffer: [number, number];
    /** The canvas' drawing buffer's size in pixels now, read from the WebGL context. */
    canvas: [number, number];
  };
  /**
   * Frames whose render drew the shadow maps, since the stage was built: only frames after a
   * shadow-casting light or a caster changed, or with a caster the engine cannot follow (skinned,
   * batched, in a LOD, with a custom depth material), not every frame.
   */
  shadowMapDraws: number;
}
