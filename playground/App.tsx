import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { DEFAULT_ALLOWED_FORMATS, type Locale } from 'dash3d';
import { createHost, loadAllowedFormats, loadMediaOrigins, type Role } from './host/createHost';
import { createSimulatedVariables } from './host/variables';
import { t } from './i18n';
import { LocaleContext } from './locale';
import { readUrl, writeUrl } from './store/url';
import { Editor } from './Editor';
import { exposeVariables } from './testHook';
import { useSessionState } from './editor/SessionNotice';

const ANTD_LOCALES = { zh_Hans: zhCN, en: enUS } as const;

/** The browser's language decides the first language; the switch changes it without a reload. */
const initialLocale = (): Locale => (navigator.language.toLowerCase().startsWith('zh') ? 'zh_Hans' : 'en');

/**
 * The playground: a stand-in host dashboard editor. It owns what a real host owns (language, edit
 * or preview mode, the user's role, layout inheritance, the media library's format list, live
 * variables) and gives it to the plug-in as a ThreeDHost.
 */
/**
 * antd's defaults with WCAG 2.1 AA contrast (issue 42, axe's color-contrast): white on the default
 * primary #1677ff is 4.1:1 (and link buttons, such as the media library's path, draw in that blue
 * on white), the default secondary and description text (45 % black) 3.4:1, placeholders (25 %
 * black) 1.8:1 and the error red 3.3:1; these are 4.9:1 and more. The package's panels take the
 * host's theme: this is the playground's, and an example for hosts (docs/host-guide.md).
 */
const THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
  },
};

export function App() {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [mode, setMode] = useState(() => readUrl().mode);
  const [motion] = useState(() => readUrl().motion);
  const [role, setRole] = useState<Role>('designer');
  const [inheritance, setInheritance] = useState(true);
  const [allowedFormats, setAllowedFormats] = useState<readonly string[]>(DEFAULT_ALLOWED_FORMATS);
  const [variables] = useState(() => createSimulatedVariables());

  useEffect(() => {
    variables.start();
    exposeVariables(variables);
    return () => variables.stop();
  }, [variables]);
  // Read again once signed in: without a session the service does not answer it.
  const signedIn = useSessionState() === 'signedIn';
  useEffect(() => {
    let live = true;
    void loadAllowedFormats().then((list) => live && setAllowedFormats(list));
    return () => void (live = false);
  }, [signedIn]);
  // Asked once: the answer needs no session and changes only with the service's settings.
  const [mediaOrigins, setMediaOrigins] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    void loadMediaOrigins().then((list) => live && setMediaOrigins(list));
    return () => void (live = false);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh_Hans' ? 'zh-Hans' : 'en';
    document.title = t(locale, 'playground.title');
  }, [locale]);

  const host = useMemo(
    () => createHost({ locale, mode, role, supportsLayoutInheritance: inheritance, allowedFormats, mediaOrigins, variables, motion }),
    [locale, mode, role, inheritance, allowedFormats, mediaOrigins, variables, motion],
  );

  const changeMode = (next: typeof mode) => {
    setMode(next);
    writeUrl({ mode: next });
  };

  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} button={{ autoInsertSpace: false }} theme={THEME}>
      <AntApp style={{ height: '100%' }}>
        <LocaleContext.Provider value={locale}>
          <Editor
            host={host}
            variables={variables}
            settings={{ locale, mode, role, inheritance }}
            onLocale={setLocale}
            onMode={changeMode}
            onRole={setRole}
            onInheritance={setInheritance}
          />
        </LocaleContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}
