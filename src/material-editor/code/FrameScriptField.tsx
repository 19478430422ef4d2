import { t, type Locale } from '../../../shared/i18n/editor';
import { CodeEditor } from './CodeEditor';
import type { FrameScriptStatus } from './useFrameScriptStatus';

export interface FrameScriptFieldProps {
  value: string;
  onChange(value: string): void;
  /** From useFrameScriptStatus, fed by the preview's events. */
  status: FrameScriptStatus;
  locale: Locale;
}

/**
 * The material's frame script (spec §4: run every frame against the material). Its errors are
 * swallowed (§8) so the preview goes on, but the designer sees how many there were, with the newest
 * message on the badge; a script that never returned was stopped, and the field says so until the
 * script is edited (which runs it again).
 */
export function FrameScriptField({ value, onChange, status, locale }: FrameScriptFieldProps) {
  const label = t(locale, 'code.frame.label');
  const count = status.errors === 1 ? t(locale, 'code.frame.oneError') : t(locale, 'code.frame.errors', { count: status.errors });
  return (
    <div className="dash3d-frame-script-field">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
        <span style={{ fontWeight: 600 }}>{label}</span>
        {!status.stopped && status.errors > 0 ? (
          <span
            className="dash3d-frame-errors"
            role="status"
            tabIndex={0}
            title={status.lastError}
            aria-label={t(locale, 'code.frame.errorsLabel', { count: status.errors, message: status.lastError })}
            style={{
              padding: '0 6px',
              borderRadius: 8,
              background: '#fff1f0',
              border: '1px solid #ffa39e',
              color: '#cf1322',
              fontSize: 12,
            }}
          >
            {count}
          </span>
        ) : null}
      </div>
      <CodeEditor
        value={value}
        onChange={onChange}
        label={label}
        kind="frameScript"
        rows={8}
        locale={locale}
        // The newest error, where the script threw it: the badge's words on its line.
        errorLine={!status.stopped && status.errors > 0 ? status.line : null}
        errorMessage={status.lastError}
      />
      {status.stopped ? (
        <div role="alert" className="dash3d-frame-stopped" style={{ color: '#ad6800', marginTop: 4 }}>
          {t(locale, 'code.frame.stopped')}
        </div>
      ) : null}
    </div>
  );
}
