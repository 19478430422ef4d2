// A host's dashboard viewer, the page an operator's wall screen loads: it opens a saved dashboard
// (here from the address, `?scene=<base64url of its JSON>`, the playground's own link form) and
// shows its 3D spaces with what they hold through the plug-in's widgets. No editor, no settings
// panel: what it loads before the first frame is what `npm run bench` weighs (docs/benchmarks.md).
// It imports from `dash3d/space`, the part of the package a viewer needs (docs/host-guide.md, "What a viewer loads").
import { useMemo, useSyncExternalStore } from 'react';
import { parseDashboard, WIDGET_VIEWS } from 'dash3d/space';
import { createVariables } from './variables.js';

const variables = createVariables({ temperature: 21.5 });
/**
 * ?vendor: the package's files served by the host itself, from a copy under /vendor/dash3d/ (the
 * esbuild app's, which its bundler does not emit); on the server (next-app) the page has no address.
 */
const vendor = typeof location !== 'undefined' && new URLSearchParams(location.search).has('vendor');
const host = {
  locale: 'en',
  mode: 'preview',
  hasPermission: () => true,
  media: { baseUrl: '/', headers: () => ({}), allowedFormats: [] },
  variables,
  supportsLayoutInheritance: false,
  files: vendor
    ? {
        createWorker: () =>
          new Worker(new URL('/vendor/dash3d/render-worker.js', location.href), { type: 'module', name: 'dash3d-render' }),
        assetBase: '/vendor/dash3d/assets/',
      }
    : undefined,
};

/** The dashboard in the address's query, checked by the plug-in's own schema. */
function openDashboard(search) {
  const param = new URLSearchParams(search).get('scene') ?? '';
  try {
    const b64 = param.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    return parseDashboard(JSON.parse(new TextDecoder().decode(bytes)));
  } catch (err) {
    return { ok: false, issues: [{ path: 'scene', message: String(err) }] };
  }
}

/**
 * The address's query. A page rendered on the server first (next-app prerenders it) has none
 * there, nor while it hydrates: the dashboard appears right after.
 */
const useSearch = () =>
  useSyncExternalStore(
    () => () => {},
    () => location.search,
    () => null,
  );

/** The spaces' handles by widget id, for the tests (window.viewer.spaces). */
const spaces = {};
if (typeof window !== 'undefined') window.viewer = { write: variables.write, spaces };

function Widget({ widget }) {
  const View = WIDGET_VIEWS[widget.type];
  if (!View) return null;
  const ref = widget.type === 'threeD-space' ? (handle) => void (spaces[widget.id] = handle) : undefined;
  return (
    <View id={widget.id} config={widget.config} host={host} ref={ref}>
      {widget.children.map((c) => (
        <Widget key={c.id} widget={c} />
      ))}
    </View>
  );
}

export function Viewer() {
  const search = useSearch();
  const opened = useMemo(() => (search === null ? null : openDashboard(search)), [search]);
  if (!opened) return null;
  if (!opened.ok) return <pre role="alert">{opened.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}</pre>;
  return opened.dashboard.widgets.map((w) => (
    <div key={w.id} style={{ position: 'relative', width: w.layout.w, height: w.layout.h }}>
      <Widget widget={w} />
    </div>
  ));
}
