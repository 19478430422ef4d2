import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { t, type Locale } from '../../shared/i18n';
import { ChunkFailurePanel } from './space/ChunkFailurePanel';
import type { ChunkFailure } from '../../shared/schema/chunks';
import type { WidgetSettingsProps } from '../host/types';

/** The URL of a module that could not be fetched, which browsers name in the error's message. */
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
 * A part of the plug-in loaded when it is first shown (`id`: its name in the chunk failure's
 * text). One that fails to arrive says so with the spec's chunk text and a Retry that asks again
 * (React.lazy keeps a failed promise, so Retry makes a new one); `fallback` shows while it loads.
 */
export function lazyPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
  localeOf: (props: P) => Locale,
  fallback: (locale: Locale) => ReactNode,
): ComponentType<NoInfer<P>> {
  const make = () => lazy(async () => ({ default: await load() }));
  let Part = make();
  function LazyPart(props: P) {
    const [, setAttempt] = useState(0);
    const locale = localeOf(props);
    return (
      <Boundary
        id={id}
        locale={locale}
        onRetry={() => {
          Part = make();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={fallback(locale)}>
          <Part {...props} />
        </Suspense>
      </Boundary>
    );
  }
  LazyPart.displayName = `LazyPart(${id})`;
  return LazyPart;
}

/**
 * A part of a space's view (its late parts, its edit-only parts) loaded when it is first shown: it
 * takes the viewer's locale as a prop, and shows nothing while it loads.
 */
export function lazyViewPart<P extends { locale: Locale }>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<NoInfer<P>> {
  return lazyPart(
    id,
    load,
    (p) => p.locale,
    () => null,
  );
}

/**
 * A widget's settings panel loaded when it is first shown: the panels (antd forms, the media
 * library, the material editor) are most of the plug-in's main-thread code, and a dashboard that
 * only shows scenes never opens one.
 */
export function lazySettings<P extends Pick<WidgetSettingsProps<unknown>, 'host'>>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<NoInfer<P>> {
  return lazyPart(
    id,
    load,
    (props) => props.host.locale,
    (locale) => (
      <div role="status" aria-busy="true" className="dash3d-settings-loading" style={{ padding: 12, opacity: 0.7 }}>
        {t(locale, 'chunk.settingsLoading')}
      </div>
    ),
  );
}
