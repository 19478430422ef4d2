import { useImperativeHandle, useMemo, useRef, type CSSProperties, type Ref } from 'react';
import type { EngineEvent, EngineStats, PixelReadout } from '../../../shared/protocol';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { repairParse } from '../../../shared/schema/repair';
import type { Locale } from '../../../shared/i18n';
import { useSpaceEngine } from './useSpaceEngine';
import { ErrorPanel, IssueList, LoadingScreen, NoticeList } from './SpaceOverlays';

/** What a host (or a test) can ask of a mounted space. */
export interface ThreeDSpaceHandle {
  readonly mode: 'worker' | 'main' | null;
  readonly restarts: number;
  /** Resolves after a frame was drawn with no asset load pending. */
  settled(): Promise<void>;
  readPixels(): Promise<PixelReadout>;
  stats(windowMs?: number): Promise<EngineStats>;
  simulateContextLoss(restoreAfterMs: number): Promise<boolean>;
  canvas(): HTMLCanvasElement | null;
}

export interface ThreeDSpaceProps {
  /** Any stored space config (spec §3 "Scene settings"); missing fields take their defaults. */
  config: unknown;
  locale?: Locale;
  /** Render on the main thread even where a worker could (benchmark baseline, tests). */
  forceMainThread?: boolean;
  heartbeat?: { intervalMs?: number; silentTicks?: number };
  onEvent?(event: EngineEvent): void;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<ThreeDSpaceHandle>;
}

/**
 * The 3D space container's view. The scene renders in a Web Worker on an OffscreenCanvas; this
 * component only holds config, forwards input and draws the DOM overlays.
 */
export function ThreeDSpace({ config, locale = 'en', forceMainThread, heartbeat, onEvent, className, style, ref }: ThreeDSpaceProps) {
  const host = useRef<HTMLDivElement>(null);
  const engine = useSpaceEngine(host, { config, forceMainThread, heartbeat, onEvent });
  const loading = useMemo(() => repairParse(SpaceConfigSchema, config).value.loadingConfig, [config]);

  useImperativeHandle(
    ref,
    () => {
      const need = () => {
        const h = engine.handle.current;
        if (!h) throw new Error('the 3D space is not running');
        return h;
      };
      return {
        get mode() {
          return engine.handle.current?.mode ?? null;
        },
        restarts: engine.restarts,
        settled: () => need().settled(),
        readPixels: () => need().readPixels(),
        stats: (w) => need().stats(w),
        simulateContextLoss: (ms) => need().simulateContextLoss(ms),
        canvas: () => engine.handle.current?.canvas ?? null,
      };
    },
    [engine.handle, engine.restarts],
  );

  return (
    <div
      className={['dash3d-space', className].filter(Boolean).join(' ')}
      data-state={engine.state}
      aria-busy={engine.state === 'loading'}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...style }}
    >
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {engine.state === 'loading' ? <LoadingScreen config={loading} progress={engine.progress} locale={locale} /> : null}
      {engine.state === 'error' ? <ErrorPanel locale={locale} /> : null}
      <IssueList issues={engine.issues} locale={locale} />
      <NoticeList notices={engine.notices} locale={locale} />
    </div>
  );
}
