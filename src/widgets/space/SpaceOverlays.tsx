import type { CSSProperties } from 'react';
import type { SchemaIssue } from '../../../shared/schema/common';
import type { SpaceConfig } from '../../../shared/schema/space';
import { describeIssues, isMessageKey, t, type Locale } from '../../../shared/i18n';
import type { Notice } from './useNotices';
import { shownText as shown } from './noticeText';

const fill: CSSProperties = { position: 'absolute', inset: 0 };

/**
 * loadingConfig: drawn by the main thread until the engine's first complete frame. A space in view
 * that waits for a live context (the page's cap, src/bridge/visibility.ts) says so under the bar.
 */
export function LoadingScreen({
  config,
  progress,
  locale,
  waiting = false,
}: {
  config: SpaceConfig['loadingConfig'];
  progress: { loaded: number; total: number };
  locale: Locale;
  waiting?: boolean;
}) {
  const pct = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div
      className="dash3d-loading"
      style={{
        ...fill,
        background: config.backgroundColor,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
      }}
    >
      {config.img ? <img src={config.img} alt="" style={{ width: config.width, height: config.height, objectFit: 'contain' }} /> : null}
      <div
        role="progressbar"
        aria-label={t(locale, 'ui.loading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        style={{ width: Math.max(120, config.width), height: 4, background: 'rgba(255,255,255,0.2)', borderRadius: 2, overflow: 'hidden' }}
      >
        <div style={{ width: `${pct}%`, height: '100%', background: '#4096ff', transition: 'width 120ms' }} />
      </div>
      <span style={{ color: '#fff', font: '12px sans-serif', opacity: 0.8 }}>{t(locale, 'ui.loading')}</span>
      {waiting ? (
        <span
          className="dash3d-waiting"
          style={{ color: '#fff', font: '12px sans-serif', opacity: 0.8, textAlign: 'center', padding: '0 8px' }}
        >
          {t(locale, 'ui.waitingTurn')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A model loading into a running scene (a new upload, a changed source): the loading screen's bar,
 * slim along the top edge, so the scene stays visible and usable while it fills.
 */
export function ModelLoadBar({ fraction, locale }: { fraction: number; locale: Locale }) {
  const pct = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      className="dash3d-model-loading"
      aria-label={t(locale, 'ui.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      style={{ position: 'absolute', left: 0, right: 0, top: 0, height: 3, background: 'rgba(255,255,255,0.2)', pointerEvents: 'none' }}
    >
      <div style={{ width: `${pct}%`, height: '100%', background: '#4096ff', transition: 'width 120ms' }} />
    </div>
  );
}

/** The spec's fallback panel: replaces the scene when it fails. */
export function ErrorPanel({ locale }: { locale: Locale }) {
  return (
    <div
      role="alert"
      className="dash3d-error"
      style={{
        ...fill,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: '#1f1f1f',
        color: '#ff7875',
        font: '14px sans-serif',
        textAlign: 'center',
      }}
    >
      {t(locale, 'ui.sceneError')}
    </div>
  );
}

/** Invalid settings: the last valid scene stays, and this says which field is wrong and why. */
export function IssueList({ issues, locale, title }: { issues: SchemaIssue[]; locale: Locale; title?: string }) {
  if (!issues.length) return null;
  return (
    <div
      role="status"
      className="dash3d-issues"
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        maxWidth: '60%',
        padding: '6px 10px',
        background: 'rgba(255,77,79,0.92)',
        color: '#fff',
        font: '12px sans-serif',
        borderRadius: 4,
      }}
    >
      <strong>{title ?? t(locale, 'error.invalidConfig')}</strong>
      <ul style={{ margin: '4px 0 0', paddingLeft: 16 }}>
        {describeIssues(issues, locale)
          .slice(0, 8)
          .map((i) => (
            <li key={i.path + i.message}>
              <code>{i.path}</code>: {i.message}
            </li>
          ))}
      </ul>
    </div>
  );
}

/** Restarts, fallback mode, lost context, script errors and model problems, in the scene's corner. */
export function NoticeList({ notices, locale }: { notices: Notice[]; locale: Locale }) {
  if (!notices.length) return null;
  return (
    <div
      role="status"
      className="dash3d-notices"
      style={{ position: 'absolute', right: 8, top: 8, maxWidth: '50%', display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      {notices.map((n) => (
        <div
          key={n.key}
          data-notice={n.key}
          style={{ padding: '4px 8px', background: 'rgba(0,0,0,0.7)', color: '#ffd666', font: '12px sans-serif', borderRadius: 4 }}
        >
          {n.text ? shown(n.text, locale) : isMessageKey(n.key) ? t(locale, n.key) : n.key}
          {n.detail ? <div style={{ color: '#ddd', marginTop: 2 }}>{n.detail}</div> : null}
          {n.details?.map((d, i) => (
            <div key={i} className="dash3d-notice-detail" style={{ color: '#ddd', marginTop: 2 }}>
              {shown(d, locale)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
