import type { SchemaIssue } from '../schema/common';
import type { SceneObjectNode } from '../schema/tree';

/*
 * The render protocol's material preview area: a space used as the material editor's preview,
 * showing a material on its object or on a model's part, and the preview's thumbnails.
 */

/**
 * What became of a material sent to a preview (RenderApi.setPreviewMaterial). Refused (`ok: false`:
 * a field of the wrong type, shader code that failed): the previous material stays on screen and
 * the issues name the field. `shown` is false when a newer material replaced this one before it
 * was ready, or when there is nothing to show (null, a shader type without shader code yet).
 * `problems` are values the material is drawn without (an image that did not load), in plain words.
 */
export type PreviewMaterialResult =
  { ok: true; shown: boolean; problems: string[] } | { ok: false; issues: SchemaIssue[]; shader?: ShaderFault };

/**
 * Why a shader material's code was refused (the last good material stays on screen): its
 * JavaScript threw ('code'), or the GLSL it returned did not compile ('vertex', 'fragment') or link.
 * `line` is the 1-based line in the shaderCode text (what the designer edits), null when it cannot
 * be told (a GLSL string built up in code rather than written out); `shaderLine` is the line in the
 * GLSL string of that stage, as the driver counts it without three's prefix.
 */
export interface ShaderFault {
  stage: 'code' | 'vertex' | 'fragment' | 'link';
  line: number | null;
  shaderLine: number | null;
  message: string;
}

/**
 * What became of a model sent to a preview (RenderApi.setPreviewModel): its object tree (spec §3,
 * each material reference a Material entity snapshot of the model's material), or why it failed.
 * `shown` is false for null (the box again) or when a newer model replaced it before it was ready.
 */
export type PreviewModelResult = { ok: true; shown: boolean; nodes: SceneObjectNode[] } | { ok: false; message: string };

/** RenderApi's calls of this area (shared/protocol.ts). */
export interface PreviewCalls {
  /**
   * Show a material (spec §3 Material, any stored form: parsed again here) on the preview object:
   * the box, or points for the points type; null takes it away. The newest call wins.
   */
  setPreviewMaterial(material: unknown, target?: string | null): Promise<PreviewMaterialResult>;
  /**
   * Preview a model (spec §3 src {filePath, fileList}, loaded as a model widget's) instead of the
   * box, framed by the camera; null shows the box again. With a model shown, setPreviewMaterial's
   * `target` is the uuid of the model material to replace (wherever it sits, material lists
   * included); material null for a target restores that part's own material. The newest call wins.
   */
  setPreviewModel(src: unknown): Promise<PreviewModelResult>;
  /**
   * The previewed material on the sphere (radius 1.3, 32x32), as the bytes of a JPEG of exactly
   * width x height pixels (at most 1024 each; quality 0..1, default 0.8). Rejects while no material is shown.
   */
  previewThumbnail(width: number, height: number, quality?: number): Promise<ArrayBuffer>;
}

/** EngineEvent's events of this area (shared/protocol.ts). */
export type PreviewEvent =
  /**
   * The previewed material's frame script threw (spec §8: swallowed, but counted): errors since the
   * material was shown and the newest message. Sent at most four times a second, only on a change.
   */
  { type: 'frame-script-errors'; count: number; message: string; line?: number | null };
