import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { t, type Locale } from '../../shared/i18n';
import { ChunkFailurePanel } from './space/ChunkFailurePanel';
import type { ChunkFailure } from '../../shared/schema/chunks';
import type { WidgetSettingsProps } from '../host/types';

/** The URL in a failed dynamic import's message (browsers name the module they could not fetch). */
const urlIn = (err: unknown) => /\b(https?:\/\/\S+|\/\S+\.js)\b/.exec(err instanceof Error ? err.message : String(err))?.[1] ?? '';

class Boundary extends Component<{ id: string; locale: Locale; onRetry(): void; children: ReactNode }, { failure: ChunkFailure | null }> {
  state = { failure: null as ChunkFailure | null };
  static getDerivedStateFromError(err: unknown) {
    return { failure: { id: '', type: 'missing' as const, url: urlIn(err) } };
  }
  render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <div style={{ position: 'relative', minHeight: 48 }}>
        <ChunkFailurePanel
          failure={{ ...failure, id: this.props.id }}
          locale={this.props.locale}
          onRetry={() => {
            this.setState({ failure: null });
            this.props.onRetry();
          }}
        />
      </div>
    );
  }
}

/**
 * A widget's settings panel loaded when it is first shown: the panels (antd forms, the media
 * library, the material editor) are most of the plug-in's main-thread code, and a dashboard that
 * only shows scenes never opens one. A panel that fails to arrive says so with the spec's chunk
 * text and a Retry that asks again (React.lazy keeps a failed promise, so Retry makes a new one).
 */
export function lazySettings<P extends Pick<WidgetSettingsProps<unknown>, 'host'>>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<NoInfer<P>> {
  const make = () => lazy(async () => ({ default: await load() }));
  let Panel = make();
  function LazySettings(props: P) {
    const [, setAttempt] = useState(0);
    const locale = props.host.locale;
    return (
      <Boundary
        id={id}
        locale={locale}
        onRetry={() => {
          Panel = make();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense
          fallback={
            <div role="status" aria-busy="true" className="dash3d-settings-loading" style={{ padding: 12, opacity: 0.7 }}>
              {t(locale, 'chunk.settingsLoading')}
            </div>
          }
        >
          <Panel {...props} />
        </Suspense>
      </Boundary>
    );
  }
  LazySettings.displayName = `LazySettings(${id})`;
  return LazySettings;
}
