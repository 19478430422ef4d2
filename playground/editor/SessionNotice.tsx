import { useState, useSyncExternalStore } from 'react';
import { Alert, App as AntApp, Button, Input, Space } from 'antd';
import { sessionState, signInWith, subscribeSession, type SessionState } from '../host/session';
import { useText } from '../locale';
import type { PlaygroundKey } from '../i18n';

/** The page's session state, re-rendering on change. */
export const useSessionState = (): SessionState => useSyncExternalStore(subscribeSession, sessionState);

const NOTICES: Partial<Record<SessionState, { title: PlaygroundKey; body: PlaygroundKey }>> = {
  signedOut: { title: 'session.signedOut.title', body: 'session.signedOut.body' },
  ended: { title: 'session.ended.title', body: 'session.ended.body' },
  refused: { title: 'session.refused.title', body: 'session.refused.body' },
};

/**
 * Says plainly why saving and the media library will not work without a session, and how to get
 * one: the link printed by `npm start`, or pasting it (or MEDIA_TOKEN) here. Nothing when signed in.
 */
export function SessionNotice() {
  const text = useText();
  const { message } = AntApp.useApp();
  const state = useSessionState();
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<PlaygroundKey | null>(null);
  const [busy, setBusy] = useState(false);
  const notice = NOTICES[state];
  if (!notice) return null;

  const submit = async () => {
    setBusy(true);
    const result = await signInWith(pasted);
    setBusy(false);
    if (result === 'ok') {
      setPasted('');
      setProblem(null);
      message.success(text('session.signedIn'));
    } else setProblem(result === 'network' ? 'session.paste.network' : 'session.paste.refused');
  };

  return (
    <Alert
      type="warning"
      banner
      className="dash3d-session-notice"
      data-session={state}
      title={text(notice.title)}
      description={
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>{text(notice.body)}</span>
          <Space.Compact style={{ maxWidth: 560, width: '100%' }}>
            <Input.Password
              aria-label={text('session.paste.placeholder')}
              placeholder={text('session.paste.placeholder')}
              value={pasted}
              status={problem ? 'error' : undefined}
              onChange={(e) => setPasted(e.target.value)}
              onPressEnter={() => void submit()}
            />
            <Button type="primary" loading={busy} disabled={!pasted.trim()} onClick={() => void submit()}>
              {text('session.paste.submit')}
            </Button>
          </Space.Compact>
          {problem ? (
            <span role="alert" style={{ color: '#cf1322' }}>
              {text(problem)}
            </span>
          ) : null}
        </Space>
      }
    />
  );
}
