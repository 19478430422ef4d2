import type { Locale } from '../../../shared/i18n';
import { consentText as t } from '../../../shared/i18n/parts/consent';
import type { HeldCode } from './userCode';

function describe(h: HeldCode, locale: Locale): string {
  if (h.kind === 'hook') return t(locale, 'consent.hook', { name: h.name });
  if (h.kind === 'spaceFrame') return t(locale, 'consent.spaceFrame');
  if (h.kind === 'spaceScript') return t(locale, 'consent.spaceScript');
  return t(locale, h.kind === 'frameScript' ? 'consent.frameScript' : 'consent.shaderCode', { name: h.name });
}

/**
 * Shown over a space whose document came from a link or a file while its code is held back: what
 * the document holds, and a Run scripts button (a real button: reachable with Tab, pressed with
 * Enter or Space). Pointer events are on for this box only; the scene around it stays usable.
 */
export function ConsentNotice({ held, locale, onRun }: { held: HeldCode[]; locale: Locale; onRun: (() => void) | null }) {
  return (
    <div
      role="region"
      aria-label={t(locale, 'consent.title')}
      className="dash3d-consent"
      style={{
        position: 'absolute',
        left: 8,
        top: 8,
        maxWidth: '45%',
        padding: '8px 10px',
        background: 'rgba(0,0,0,0.78)',
        color: '#fff',
        font: '12px sans-serif',
        borderRadius: 4,
        pointerEvents: 'auto',
      }}
    >
      <strong style={{ color: '#ffd666' }}>{t(locale, 'consent.title')}</strong>
      <div style={{ marginTop: 4, color: '#ddd' }}>{t(locale, 'consent.why')}</div>
      <div style={{ marginTop: 4 }}>{t(locale, 'consent.holds')}</div>
      <ul style={{ margin: '2px 0 6px', paddingLeft: 16 }}>
        {held.map((h) => {
          const text = describe(h, locale);
          return <li key={text}>{text}</li>;
        })}
      </ul>
      <button
        type="button"
        className="dash3d-consent-run"
        disabled={!onRun}
        onClick={() => onRun?.()}
        style={{ font: '12px sans-serif', padding: '3px 10px', cursor: onRun ? 'pointer' : 'default' }}
      >
        {t(locale, 'consent.run')}
      </button>
    </div>
  );
}
