import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { vi } from 'vitest';
import type { Locale } from '../../../shared/i18n';
import { SpaceConfigSchema, type SpaceConfig, type SpaceConfigInput } from '../../../shared/schema/space';
import type { MediaAccess, ThreeDHost } from '../../../src/host/types';
import { SpaceSettings } from '../../../src/widgets/space/settings/SpaceSettings';

/** A media library that points nowhere: listing answers [] (errors are silent), uploads fail. */
export const NOWHERE: MediaAccess = {
  baseUrl: 'http://127.0.0.1:9/',
  headers: () => ({ Authorization: 'Bearer test' }),
  allowedFormats: ['png', 'jpg', 'glb'],
};

export function fakeHost(over: Partial<ThreeDHost> = {}): ThreeDHost {
  return {
    locale: 'en',
    mode: 'edit',
    hasPermission: () => true,
    media: NOWHERE,
    variables: { names: () => ['temperature', 'view'], read: () => undefined, subscribe: () => () => {}, write: () => {} },
    supportsLayoutInheritance: true,
    ...over,
  };
}

/** antd as a host would set it up, animations off so panels open at once. */
export function Themed({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <ConfigProvider locale={locale === 'zh_Hans' ? zhCN : enUS} theme={{ token: { motion: false } }}>
      {children}
    </ConfigProvider>
  );
}

const roots = new Set<() => void>();

/**
 * Renders SpaceSettings like a host: it keeps the config, and every onChange becomes the next
 * config (a host that stores what the panel sends). `sent` holds every config the panel sent.
 */
export function mountSettings(initial: SpaceConfigInput = {}, host: ThreeDHost = fakeHost()) {
  const el = document.createElement('div');
  el.style.width = '420px';
  document.body.appendChild(el);
  const root: Root = createRoot(el);
  const sent: SpaceConfig[] = [];
  const onChange = vi.fn((next: SpaceConfig) => {
    sent.push(next);
    state.config = next;
    render();
  });
  const state = { config: SpaceConfigSchema.parse(initial), host };
  const render = () =>
    root.render(
      <StrictMode>
        <Themed locale={state.host.locale}>
          <SpaceSettings id="s1" config={state.config} host={state.host} onChange={onChange} />
        </Themed>
      </StrictMode>,
    );
  flushSync(render);
  const unmount = () => {
    root.unmount();
    el.remove();
    roots.delete(unmount);
  };
  roots.add(unmount);
  return {
    el,
    sent,
    onChange,
    get config() {
      return state.config;
    },
    /** As a host does when its language or stored config changes. */
    rerender(next: { locale?: Locale; config?: SpaceConfigInput }) {
      if (next.locale) state.host = { ...state.host, locale: next.locale };
      if (next.config) state.config = SpaceConfigSchema.parse(next.config);
      flushSync(render);
    },
    unmount,
  };
}

export function unmountAllSettings() {
  for (const u of [...roots]) u();
}
