import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { App as AntApp, Spin } from 'antd';
import { MaterialEditorModal, type Locale, type ThreeDHost, type VariableSource, type Widget } from 'dash3d';
import type { Role } from './host/createHost';
import { usePlugin } from './host/usePlugin';
import { errorText, useText } from './locale';
import { useSession } from './useSession';
import { newWidget } from './store/dashboard';
import { placementFor } from './store/placement';
import { findWidget } from './store/tree';
import { exposeDashboard, exposeEvents } from './testHook';
import { createEventLog, widgetSource } from './host/widgetEvents';
import { Toolbar } from './editor/Toolbar';
import { Palette } from './editor/Palette';
import { Outline } from './editor/Outline';
import { Variables } from './editor/Variables';
import { WidgetEvents } from './editor/WidgetEvents';
import { Canvas } from './editor/Canvas';
import { Inspector } from './editor/Inspector';
import { LoadIssues } from './editor/LoadIssues';
import { OpenDialog } from './editor/OpenDialog';
import { EXAMPLE_DASHBOARD_ID } from './store/persistence';
import { useShareLink } from './editor/useShareLink';
import { SessionNotice } from './editor/SessionNotice';
import { createSceneBounds } from './editor/sceneBounds';
import { createEditSession } from './editor/editSession';
import type { EditorAction } from './store/dashboard';

/**
 * Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac), anywhere in the editor but in a
 * field that keeps its own undo (a text box, a code editor).
 */
function useUndoKeys(on: boolean, dispatch: (a: { type: 'undo' } | { type: 'redo' }) => void) {
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) return;
      const key = e.key.toLowerCase();
      const redo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey);
      if (key !== 'z' && !redo) return;
      e.preventDefault();
      dispatch({ type: redo ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, dispatch]);
}

/** The child a space's 'select' or 'change' event names, when it is one of that space's children. */
function selectedChild(space: Widget, payload: unknown): string | null {
  const id = (payload as { id?: unknown } | null)?.id;
  return typeof id === 'string' && space.children.some((c) => c.id === id) ? id : null;
}

export interface EditorProps {
  host: ThreeDHost;
  variables: VariableSource;
  settings: { locale: Locale; mode: 'edit' | 'preview'; role: Role; inheritance: boolean };
  onLocale(l: Locale): void;
  onMode(m: 'edit' | 'preview'): void;
  onRole(r: Role): void;
  onInheritance(on: boolean): void;
}

const side = (width: number, edge: 'Left' | 'Right'): CSSProperties => ({
  width,
  flex: 'none',
  overflow: 'auto',
  background: '#fff',
  [`border${edge}`]: '1px solid #f0f0f0',
});

/** Toolbar, palette and outline, canvas, inspector; preview keeps only the canvas. */
export function Editor({ host, variables, settings, ...on }: EditorProps) {
  const text = useText();
  const { message } = AntApp.useApp();
  const { state, dispatch, status, userCode, openSaved, startNew, save } = useSession(text('playground.untitled'));
  const { offered, byType } = usePlugin(host);
  // The widgets get the host with the open document's user-code policy (where it came from).
  const docHost = useMemo<ThreeDHost>(() => ({ ...host, userCode }), [host, userCode]);
  const [saving, setSaving] = useState(false);
  const [openDialog, setOpenDialog] = useState(false);
  const [materialEditor, setMaterialEditor] = useState(false);
  // Outlives mode switches: events seen in preview are listed when the sidebar is back.
  const [eventLog] = useState(() => createEventLog(variables));
  const editing = settings.mode === 'edit';
  const ready = status.kind === 'ready';
  useUndoKeys(editing && ready, dispatch);
  // What is typed into the inspector's fields and the name joins its field's edit session's step.
  const [edits] = useState(createEditSession);
  const typed = (a: EditorAction) => dispatch({ ...a, session: edits.current() });
  // Where the spaces draw their children (edit frames), and the selection they outline.
  const [sceneBounds] = useState(createSceneBounds);
  useEffect(() => sceneBounds.setEditing(editing), [sceneBounds, editing]);
  useEffect(() => sceneBounds.setSelected(editing ? state.selected : null), [sceneBounds, editing, state.selected]);

  useEffect(() => exposeDashboard(() => (ready ? state.doc : null)), [ready, state.doc]);
  useEffect(() => exposeEvents(eventLog.list), [eventLog]);

  const titleOf = (type: string) => byType.get(type)?.title[settings.locale] ?? type;
  const acceptsOf = (type: string) => byType.get(type)?.accepts ?? [];

  const add = (type: string, drop?: { at: { x: number; y: number }; parentId: string | null }) => {
    // Only what this user may place (a drop could carry any type id).
    const d = offered.find((o) => o.type === type);
    if (!d) return;
    const spec = { type, size: { w: d.layout.w, h: d.layout.h } };
    const { parentId, layout } = placementFor(state.doc.widgets, spec, acceptsOf, state.selected, drop);
    dispatch({ type: 'add', parentId, widget: newWidget(type, layout, d.defaults() as Record<string, unknown>) });
  };

  const onSave = async () => {
    setSaving(true);
    try {
      const doc = await save();
      message.success(text('playground.saved', { name: doc.name || doc.id }));
    } catch (err) {
      message.error(text('playground.saveFailed', { reason: errorText(text, err) }));
    } finally {
      setSaving(false);
    }
  };

  const onCopyLink = useShareLink(state.doc, settings.mode, save);

  let main;
  if (status.kind === 'loading')
    main = (
      <Spin style={{ margin: 48 }} description={text('playground.loading')}>
        <span />
      </Spin>
    );
  else if (status.kind === 'failed') {
    const source = status.failure.source;
    main = (
      <LoadIssues failure={status.failure} onRetry={() => source.kind === 'saved' && void openSaved(source.id)} onStartNew={startNew} />
    );
  } else {
    main = (
      <Canvas
        widgets={state.doc.widgets}
        descriptors={byType}
        host={docHost}
        selected={state.selected}
        editing={editing}
        dispatch={dispatch}
        titleOf={titleOf}
        onDropNew={(type, at, parentId) => add(type, { at, parentId })}
        onWidgetEvent={(w: Widget, event, payload) => {
          // A child clicked where its space draws it (edit mode): selected as in the canvas list.
          const picked = event === 'select' ? selectedChild(w, payload) : null;
          if (picked) dispatch({ type: 'select', id: picked });
          // A child moved in the scene: one change, one step to undo.
          const changed = event === 'change' ? selectedChild(w, payload) : null;
          const config = (payload as { config?: unknown } | null)?.config;
          if (changed && config && typeof config === 'object' && !Array.isArray(config))
            dispatch({ type: 'config', id: changed, config: config as Record<string, unknown>, gesture: true });
          eventLog.receive({ ...widgetSource(w, titleOf(w.type)), event, payload });
        }}
        onOpenExample={() => void openSaved(EXAMPLE_DASHBOARD_ID)}
        scene={sceneBounds}
      />
    );
  }

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      data-mode={settings.mode}
      className="dash3d-playground"
      {...edits.handlers}
    >
      <Toolbar
        name={state.doc.name}
        onRename={(name) => typed({ type: 'rename', name })}
        mode={settings.mode}
        onMode={on.onMode}
        locale={settings.locale}
        onLocale={on.onLocale}
        role={settings.role}
        onRole={on.onRole}
        inheritance={settings.inheritance}
        onInheritance={on.onInheritance}
        dirty={ready && state.dirty}
        saving={saving}
        canSave={ready}
        onNew={startNew}
        onOpen={() => setOpenDialog(true)}
        onSave={() => void onSave()}
        onCopyLink={() => void onCopyLink()}
        onMaterialEditor={() => setMaterialEditor(true)}
        canUndo={ready && state.past.length > 0}
        canRedo={ready && state.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
      />
      <SessionNotice />
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {editing ? (
          <aside style={side(240, 'Right')}>
            {ready ? <Palette descriptors={offered} host={host} onAdd={(type) => add(type)} /> : null}
            <Outline
              scene={sceneBounds}
              widgets={state.doc.widgets}
              selected={state.selected}
              onSelect={(id) => dispatch({ type: 'select', id })}
              titleOf={titleOf}
            />
            <Variables variables={variables} />
            <WidgetEvents log={eventLog} />
          </aside>
        ) : null}
        <main style={{ flex: 1, minWidth: 0, overflow: 'auto', background: editing ? '#f5f7fa' : '#fff' }}>{main}</main>
        {editing && ready ? (
          <aside style={side(400, 'Left')}>
            <Inspector
              found={state.selected ? findWidget(state.doc.widgets, state.selected) : null}
              descriptors={byType}
              host={docHost}
              dispatch={typed}
              titleOf={titleOf}
            />
          </aside>
        ) : null}
      </div>
      <MaterialEditorModal open={materialEditor} host={host} onClose={() => setMaterialEditor(false)} />
      <OpenDialog
        open={openDialog}
        onClose={() => setOpenDialog(false)}
        onOpen={(id) => {
          setOpenDialog(false);
          void openSaved(id);
        }}
      />
    </div>
  );
}
