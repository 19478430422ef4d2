import { t, type Locale } from '../../../shared/i18n';
import { describeChunkFailure } from '../../../shared/chunks';
import { describeChunkHint } from '../../../shared/chunk-hints';
import type { ChunkFailure } from '../../../shared/schema/chunks';

/**
 * A part of the scene that did not load (spec §8 ChunkLoadError), in the scene's corner: the
 * spec's text with the failure type and URL, under it what to do when it is a package file the
 * host's build did not emit (shared/chunk-hints.ts), and a Retry that starts the engine again. A
 * plain button in the tab order: it does not grab focus, since a dashboard may hold many spaces.
 */
export function ChunkFailurePanel({ failure, locale, onRetry }: { failure: ChunkFailure; locale: Locale; onRetry(): void }) {
  const hint = describeChunkHint(failure, locale);
  return (
    <div
      role="alert"
      className="dash3d-chunk-error"
      data-chunk={failure.id}
      data-chunk-type={failure.type}
      style={{
        position: 'absolute',
        left: 8,
        top: 8,
        maxWidth: '70%',
        padding: '6px 10px',
        background: 'rgba(0,0,0,0.8)',
        color: '#ff7875',
        font: '12px sans-serif',
        borderRadius: 4,
        display: 'flex',
        gap: 8,
        alignItems: 'center',
      }}
    >
      <span style={{ overflowWrap: 'anywhere' }}>
        {describeChunkFailure(failure, locale)}
        {hint ? (
          <small className="dash3d-chunk-hint" style={{ display: 'block', marginTop: 4, color: '#d9d9d9' }}>
            {hint}
          </small>
        ) : null}
      </span>
      <button type="button" onClick={onRetry} style={{ flex: 'none', font: 'inherit', cursor: 'pointer' }}>
        {t(locale, 'chunk.retry')}
      </button>
    </div>
  );
}
