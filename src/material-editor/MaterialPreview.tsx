import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type Ref } from 'react';
import type { EngineEvent, PreviewMaterialResult, PreviewModelResult, RenderApi } from '../../shared/protocol';
import type { SceneObjectNode } from '../../shared/schema/tree';
import { toIssues, type SchemaIssue } from '../../shared/schema/common';
import { MaterialSchema, type Material } from '../../shared/schema/material';
import { previewSpaceConfig, type PreviewOptionsInput } from '../../shared/schema/preview';
import { t, type Locale } from '../../shared/i18n/editor';
import { withFiles, type ChunkOptions } from '../bridge/chunks';
import type { PackageFiles } from '../host/types';
import { useLatest } from '../host/useLatest';
import type { HeartbeatOptions } from '../bridge/heartbeat';
import { useSpaceEngine } from '../widgets/space/useSpaceEngine';
import { ErrorPanel, IssueList, NoticeList } from '../widgets/space/SpaceOverlays';
import { LastFrame } from '../widgets/space/LastFrame';
import { createMaterialSender, type PreviewModelSource } from './materialSender';
import { builtInEnvironment } from './environment';
import { pageOrigins, usePageBase } from '../host/pageBase';

/** The render calls a preview passes on, as promises (their signatures are the protocol's). */
type PassedOn = 'readPixels' | 'settled' | 'stats' | 'getView' | 'viewTo';
type Calls = { [M in PassedOn]: (...args: Parameters<RenderApi[M]>) => Promise<Awaited<ReturnType<RenderApi[M]>>> };

/** What a host (the material editor, a library list, a test) can ask of a mounted preview. */
export type MaterialPreviewHandle = Calls & {
  readonly mode: 'worker' | 'main' | null;
  /** The material on the sphere (spec §9), rendered by the engine: a JPEG of exactly width x height (at most 1024). */
  thumbnail(width: number, height: number, quality?: number): Promise<Blob>;
  canvas(): HTMLCanvasElement | null;
};

export interface MaterialPreviewProps {
  /** A material entity (spec §3) in any stored form; missing fields take the new-material defaults (§9). */
  material: unknown;
  /**
   * A model (e.g. from the media library) to preview instead of the box: its main file's URL and,
   * for a model in several files, all of them. Null or absent: the box.
   */
  model?: { url: string; files?: readonly { uid: string; name: string; url: string }[] } | null;
  /** The previewed model's object tree (spec §3), each material a Material entity snapshot; [] for the box. */
  onTree?(nodes: SceneObjectNode[]): void;
  /** With a model: the uuid of its material that `material` replaces (null `material` restores it). */
  target?: string | null;
  /** Where the camera starts (default (-300, 100, 0)). */
  camera?: PreviewOptionsInput['camera'];
  /** The environment image behind the material when it names none (default: the built-in studio gradient). */
  envMap?: string;
  /**
   * Whether the material's shaderCode and frameScript may run. Default false, as for a space's
   * scripts: a material can come from anyone's document, and its code runs only with consent (the
   * editor passes true for the designer's own materials).
   */
  scriptsAllowed?: boolean;
  /** Origins textures and images may load from. Absent: the page's own origin only. */
  allowedOrigins?: readonly string[];
  locale?: Locale;
  /** The engine's answer to the newest material: shown, or refused with the fields named (the previous one stays). */
  onResult?(result: PreviewMaterialResult): void;
  onEvent?(event: EngineEvent): void;
  /**
   * True while user code is stopped because a script did not return (the heartbeat restarted the
   * preview without it); false once it runs again. Editing the frame script or shader code then
   * gives the edited code a fresh preview with scripts on.
   */
  onScriptsStopped?(stopped: boolean): void;
  /** Render on the main thread even where a worker could (benchmark baseline, tests). */
  forceMainThread?: boolean;
  heartbeat?: HeartbeatOptions;
  chunks?: ChunkOptions;
  /** Where the package's render worker and assets are served from (ThreeDHost.files); absent: where the bundler put them. */
  files?: PackageFiles;
  /** The page's cap on live WebGL contexts (src/bridge/visibility.ts): a long list of previews shares it. */
  liveContexts?: number;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<MaterialPreviewHandle>;
}

/** A builder's problem ('map: image x.png did not load (HTTP 404)') as a field and its message. */
function problemIssue(problem: string): SchemaIssue {
  const colon = problem.indexOf(': ');
  return colon > 0 ? { path: problem.slice(0, colon), message: problem.slice(colon + 2) } : { path: '(material)', message: problem };
}

/** Parsed once per material object: the form hands a new object per edit and keeps it otherwise. */
function parseMaterial(material: unknown): { value: Material | null; issues: SchemaIssue[] } {
  if (material === null || material === undefined) return { value: null, issues: [] };
  const r = MaterialSchema.safeParse(material);
  return r.success ? { value: r.data, issues: [] } : { value: null, issues: toIssues(r.error) };
}

/**
 * One material on a box (points for the points type) in a 3D canvas drawn by a render worker: the
 * 3D space's own engine (useSpaceEngine), whose scene is the preview's (shared/schema/preview.ts).
 * A material that does not parse is named under the canvas and not sent: the last good one stays.
 */
export function MaterialPreview(props: MaterialPreviewProps) {
  const { material, camera, envMap, locale = 'en', onResult, className, style, ref, model, target = null, files } = props;
  const host = useRef<HTMLDivElement>(null);
  const parsed = useMemo(() => parseMaterial(material), [material]);
  // The background is the material's envMap: the last good material's while a broken edit is shown.
  const [materialEnv, setMaterialEnv] = useState('');
  const envNow = parsed.value ? parsed.value.envMap : parsed.issues.length ? materialEnv : '';
  if (envNow !== materialEnv) setMaterialEnv(envNow);
  const [refused, setRefused] = useState<SchemaIssue[]>([]);
  /** What the shown material could not use (an image that did not load, a value a field cannot take). */
  const [unused, setUnused] = useState<SchemaIssue[]>([]);
  const report = useLatest(onResult);
  const reportTree = useLatest(props.onTree);
  const [modelProblem, setModelProblem] = useState<SchemaIssue[]>([]);
  // One object per source: the sender sends a model again only when it is another one.
  const modelKey = model ? JSON.stringify([model.url, model.files ?? []]) : '';
  const source = useMemo((): PreviewModelSource | null => {
    if (!modelKey) return null;
    const [url, files] = JSON.parse(modelKey) as [string, PreviewModelSource['fileList']];
    return { filePath: url, fileList: files };
  }, [modelKey]);
  const [sender] = useState(createMaterialSender);
  const cameraKey = JSON.stringify(camera ?? null);
  // Null on the server and while hydrating; the engine starts after the render that knows it.
  const page = usePageBase();
  const config = useMemo(() => {
    const start = (JSON.parse(cameraKey) as MaterialPreviewProps['camera'] | null) ?? undefined;
    return previewSpaceConfig({ camera: start, envMap: envMap ?? builtInEnvironment(files, page) }, envNow);
  }, [cameraKey, envMap, envNow, files, page]);
  const engine = useSpaceEngine(host, {
    config,
    forceMainThread: props.forceMainThread,
    heartbeat: props.heartbeat,
    chunks: withFiles(props.chunks, files),
    liveContexts: props.liveContexts,
    scriptsAllowed: props.scriptsAllowed ?? false,
    allowedOrigins: props.allowedOrigins ?? pageOrigins(page),
    onEvent: props.onEvent,
    onStarted: () => sender.started(),
  });
  useLayoutEffect(() => {
    sender.connect(
      () => engine.handle.current,
      (result) => {
        setRefused(result.ok ? [] : result.issues);
        // A refused material leaves the previous one, and what it lacked, on screen.
        if (result.ok && result.shown) setUnused(result.problems.map(problemIssue));
        else if (result.ok) setUnused([]);
        report.current?.(result);
      },
      (result: PreviewModelResult) => {
        setModelProblem(result.ok ? [] : [{ path: 'model', message: result.message }]);
        reportTree.current?.(result.ok ? result.nodes : []);
      },
    );
  }, [sender, engine.handle, report, reportTree]);
  useEffect(() => sender.stopped, [sender]);
  useScriptsRestart(parsed.value, engine, (props.scriptsAllowed ?? false) && !engine.scriptsEnabled, props.onScriptsStopped);
  useEffect(() => {
    // A material that does not parse is not sent: the engine keeps showing the last good one.
    if (parsed.value || material === null || material === undefined) sender.update(parsed.value, target);
  }, [parsed, material, sender, target]);
  useEffect(() => sender.model(source), [sender, source]);

  useImperativeHandle(ref, (): MaterialPreviewHandle => {
    const need = () => {
      const h = engine.handle.current;
      if (!h) throw new Error('the material preview is not running');
      return h;
    };
    return {
      get mode() {
        return engine.handle.current?.mode ?? null;
      },
      // Async: a preview that is not running (or restarting) rejects, as a remote call does.
      readPixels: async () => need().readPixels(),
      settled: async () => need().settled(),
      stats: async (windowMs?: number, endsAt?: number) => need().stats(windowMs, endsAt),
      getView: async () => need().getView(),
      viewTo: async (view, ms) => need().viewTo(view, ms),
      thumbnail: async (width, height, quality) =>
        new Blob([await need().previewThumbnail(width, height, quality)], { type: 'image/jpeg' }),
      canvas: () => engine.handle.current?.canvas ?? null,
    };
  }, [engine.handle]);

  const issues = [...parsed.issues, ...refused, ...modelProblem, ...engine.issues];
  return (
    <div
      className={['dash3d-material-preview', className].filter(Boolean).join(' ')}
      data-state={engine.state}
      aria-busy={engine.state === 'loading'}
      onPointerDownCapture={engine.context.touch}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...style }}
    >
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {engine.context.snapshot ? <LastFrame pixels={engine.context.snapshot} /> : null}
      {engine.state === 'error' ? <ErrorPanel locale={locale} /> : null}
      <IssueList issues={issues} locale={locale} />
      {!issues.length && unused.length ? <IssueList issues={unused} locale={locale} title={t(locale, 'materialEditor.unused')} /> : null}
      {/* The engine's notices: drawing on the main thread, scripts turned off after a hang. */}
      <NoticeList notices={engine.notices} locale={locale} />
    </div>
  );
}

/**
 * After a script hang the preview runs without user code: the designer is told (onScriptsStopped),
 * and the next edit of the material's code (not of a colour) restarts it with user code on.
 */
function useScriptsRestart(
  material: Material | null,
  engine: { scriptEdited(): boolean },
  stopped: boolean,
  onStopped: ((stopped: boolean) => void) | undefined,
) {
  const tell = useLatest(onStopped);
  useEffect(() => {
    tell.current?.(stopped);
  }, [stopped, tell]);
  const code = material ? `${material.frameScript}\u0000${material.shaderCode}` : null;
  const seen = useRef(code);
  useEffect(() => {
    if (code === null || code === seen.current) return;
    seen.current = code;
    if (stopped) engine.scriptEdited();
  }, [code, stopped, engine]);
}
