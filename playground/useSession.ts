import { useCallback, useEffect, useState } from 'react';
import type { Dashboard, UserCodePolicy } from 'dash3d';
import { emptyDashboard, withSavableId } from './store/dashboard';
import { useDashboard } from './store/history';
import { openDashboard, parseDashboardText, saveDashboard } from './store/persistence';
import { unpack } from './store/scene-link';
import { readUrl, writeUrl } from './store/url';
import type { LoadFailure } from './editor/LoadIssues';

export type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; failure: LoadFailure };

/**
 * Where the open document came from: a link (`#scene=` or the older `?scene=`, anyone may have
 * written it), the dashboard store (`?dashboard=` or Open: saved by a signed-in user), or a new
 * one started here. Saving does not change it: the document on screen is still the one that
 * arrived by the link until it is opened again from the store.
 */
export type DocumentSource = 'scene' | 'saved' | 'new';

/**
 * Which dashboard is open and where it came from: a scene link (unpacked and parsed here),
 * `?dashboard=` (fetched and parsed), or a new one. Saving writes `?dashboard=<id>` into the
 * address, so a reload opens the saved document.
 */
export function useSession(untitled: string) {
  // A new dashboard has no name: the name field shows 'Untitled dashboard' in the current language.
  const [state, dispatch] = useDashboard(() => emptyDashboard(''));
  const [source, setSource] = useState<DocumentSource>('new');
  const [status, setStatus] = useState<Status>(() => (readUrl().scene || readUrl().dashboard ? { kind: 'loading' } : { kind: 'ready' }));
  /**
   * Whether the open document's code may run (issue 8 §1): documents from the store (saved by a
   * user holding 'threeD') and new ones run; one from a link runs after the designer agrees, per
   * its content as it arrived.
   */
  const [userCode, setUserCode] = useState<UserCodePolicy>(() => ({ trusted: !readUrl().scene }));

  const loaded = useCallback(
    (doc: Dashboard, from: DocumentSource, text?: string) => {
      dispatch({ type: 'load', doc: withSavableId(doc) });
      setSource(from);
      setUserCode(from === 'scene' ? { trusted: false, document: text ?? JSON.stringify(doc) } : { trusted: true });
      setStatus({ kind: 'ready' });
    },
    [dispatch],
  );

  /** Fetches a saved dashboard; the caller shows 'loading' (the first render already does, for the address's). */
  const loadSaved = useCallback(
    (id: string, isLive: () => boolean) =>
      openDashboard(id).then((r) => {
        if (!isLive()) return;
        writeUrl({ dashboard: id });
        if (r.ok) loaded(r.dashboard, 'saved');
        else setStatus({ kind: 'failed', failure: { issues: r.issues, source: { kind: 'saved', id } } });
      }),
    [loaded],
  );
  const openSaved = useCallback(
    (id: string, isLive: () => boolean = () => true) => {
      setStatus({ kind: 'loading' });
      return loadSaved(id, isLive);
    },
    [loadSaved],
  );

  /** Reads a scene link; the caller shows 'loading' (the first render already does, for the address's). */
  const loadScene = useCallback(
    (scene: string, isLive: () => boolean) =>
      unpack(scene).then((text) => {
        if (!isLive()) return;
        const r = text.ok
          ? parseDashboardText(text.text)
          : { ok: false as const, issues: [{ path: 'scene', message: text.message, params: text.params }] };
        if (r.ok) loaded(r.dashboard, 'scene', text.ok ? text.text : undefined);
        else setStatus({ kind: 'failed', failure: { issues: r.issues, source: { kind: 'scene' } } });
      }),
    [loaded],
  );
  const openScene = useCallback(
    (scene: string, isLive: () => boolean) => {
      setStatus({ kind: 'loading' });
      return loadScene(scene, isLive);
    },
    [loadScene],
  );

  useEffect(() => {
    const { scene, dashboard } = readUrl();
    let live = true;
    // Each opening supersedes the one before: only the newest may land.
    let opening = 0;
    const latest = () => {
      const mine = ++opening;
      return () => live && mine === opening;
    };
    if (scene) void loadScene(scene, latest());
    else if (dashboard) void loadSaved(dashboard, latest());
    // A scene link pasted into this tab's address changes only the fragment: no reload follows.
    const onHash = () => {
      const next = readUrl().scene;
      if (next) void openScene(next, latest());
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      live = false;
      window.removeEventListener('hashchange', onHash);
    };
  }, [loadScene, loadSaved, openScene]);

  const startNew = useCallback(() => {
    loaded(emptyDashboard(''), 'new');
    writeUrl({ dashboard: null, scene: null });
  }, [loaded]);

  /**
   * Saves the document as it is now, an unnamed one as 'Untitled dashboard' in the current language
   * (the saved list shows names). Rejects with a text key (store/persistence.ts).
   */
  const save = useCallback(async () => {
    const from = state.doc;
    const doc = from.name.trim() ? from : { ...from, name: untitled };
    await saveDashboard(doc);
    dispatch({ type: 'saved', doc, from });
    writeUrl({ dashboard: doc.id });
    return doc;
  }, [state.doc, dispatch, untitled]);

  return { state, dispatch, status, source, userCode, openSaved, startNew, save };
}
