import { useCallback, useEffect, useState } from 'react';
import type { Dashboard } from '../shared/schema/dashboard';
import { emptyDashboard, useDashboard, withSavableId } from './store/dashboard';
import { openDashboard, parseDashboardText, saveDashboard } from './store/persistence';
import { decodeBase64Url, readUrl, writeUrl } from './store/url';
import type { LoadFailure } from './editor/LoadIssues';
import type { UserCodePolicy } from '../src/host/types';

export type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; failure: LoadFailure };

/**
 * Which dashboard is open and where it came from: `?scene=` (decoded and parsed here), `?dashboard=`
 * (fetched and parsed), or a new one. Saving writes `?dashboard=<id>` into the address, so a reload
 * opens the saved document.
 */
export function useSession(untitled: string) {
  // A new dashboard has no name: the name field shows 'Untitled dashboard' in the current language.
  const [state, dispatch] = useDashboard(() => emptyDashboard(''));
  const [status, setStatus] = useState<Status>(() => (readUrl().scene || readUrl().dashboard ? { kind: 'loading' } : { kind: 'ready' }));
  /**
   * Whether the open document's code may run (issue 8 §1): documents from the store (saved by a
   * user holding 'threeD') and new ones run; one from a link runs after the designer agrees, per
   * its content as it arrived.
   */
  const [userCode, setUserCode] = useState<UserCodePolicy>(() => ({ trusted: !readUrl().scene }));

  const loaded = useCallback(
    (doc: Dashboard, policy: UserCodePolicy = { trusted: true }) => {
      dispatch({ type: 'load', doc: withSavableId(doc) });
      setUserCode(policy);
      setStatus({ kind: 'ready' });
    },
    [dispatch],
  );

  const openSaved = useCallback(
    async (id: string, isLive: () => boolean = () => true) => {
      setStatus({ kind: 'loading' });
      const r = await openDashboard(id);
      if (!isLive()) return;
      writeUrl({ dashboard: id });
      if (r.ok) loaded(r.dashboard);
      else setStatus({ kind: 'failed', failure: { issues: r.issues, source: { kind: 'saved', id } } });
    },
    [loaded],
  );

  useEffect(() => {
    const { scene, dashboard } = readUrl();
    let live = true;
    if (scene) {
      let textOf: string | null = null;
      try {
        textOf = decodeBase64Url(scene);
      } catch {
        setStatus({ kind: 'failed', failure: { issues: [{ path: 'scene', message: 'playground.error.badScene' }], source: { kind: 'scene' } } });
      }
      if (textOf !== null) {
        const r = parseDashboardText(textOf);
        if (r.ok) loaded(r.dashboard, { trusted: false, document: textOf });
        else setStatus({ kind: 'failed', failure: { issues: r.issues, source: { kind: 'scene' } } });
      }
    } else if (dashboard) {
      void openSaved(dashboard, () => live);
    }
    return () => void (live = false);
  }, [loaded, openSaved]);

  const startNew = useCallback(() => {
    loaded(emptyDashboard(''));
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

  return { state, dispatch, status, userCode, openSaved, startNew, save };
}
