// A host editor's page, as small as a host team would write it to try dash3d: the plug-in's
// widgets from createThreeDPlugin (a 3D space holding two compressed models and a data card bound
// to a host variable) and the material editor. Every consumer app (vite-app, webpack-app, next-app,
// rspack-app, esbuild-app, parcel-app) renders it; nothing here knows which bundler built it, or
// whether a server rendered it first (next-app prerenders it). The tests drive it through
// window.consumer.
import { useEffect, useMemo, useRef, useState } from 'react';
import { createThreeDPlugin, MaterialEditorModal } from 'dash3d';
import { createVariables } from './variables.js';

/** The page's address; on the server, where the page is prerendered, it has none. */
const address = typeof location === 'undefined' ? { search: '', hash: '' } : location;
const params = new URLSearchParams(address.search);
/** A session token the test made for this page (the media library's listing needs one). */
const token = new URLSearchParams(address.hash.slice(1)).get('token') ?? '';
/**
 * ?vendor: the package's files served by the host itself, from a copy under /vendor/dash3d/;
 * ?assets: only the asset files moved (to /static/dash3d-assets/), the worker where the bundler put it.
 */
const files = params.has('vendor')
  ? {
      createWorker: () => new Worker(new URL('/vendor/dash3d/render-worker.js', location.href), { type: 'module', name: 'dash3d-render' }),
      assetBase: '/vendor/dash3d/assets/',
    }
  : params.has('assets')
    ? { assetBase: '/static/dash3d-assets/' }
    : undefined;

const variables = createVariables({ temperature: 21.5 });

const host = {
  locale: 'en',
  mode: 'preview',
  hasPermission: () => true,
  media: { baseUrl: '/', headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] },
  variables,
  supportsLayoutInheritance: false,
  userCode: { trusted: true },
  files,
};

/** A model widget for a file of the media library, side by side with the others. */
const modelWidget = (url, i) => ({
  url,
  config: { src: { filePath: url, fileList: [{ uid: url, name: url.split('/').pop(), url }] }, position: { x: i * 120 - 60, y: 0, z: 0 } },
});

/** Widget events as the host's actions would get them, kept for the tests (window.consumer.events). */
const events = [];
const handlers = new Map();
const onEvent = (id) => {
  if (!handlers.has(id)) handlers.set(id, (name, payload) => void events.push({ id, name, payload }));
  return handlers.get(id);
};

export function App() {
  const { widgets } = useMemo(() => createThreeDPlugin(host), []);
  const [Space, Model, Card] = ['threeD-space', 'threeD-model', 'threeD-card'].map((type) => widgets.find((w) => w.type === type));
  const [environment, setEnvironment] = useState(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [models, setModels] = useState([]);
  const [space, setSpace] = useState(null);
  const preview = useRef(null);
  useEffect(() => {
    window.consumer = {
      space,
      preview,
      events,
      setEnvironment,
      setModels: (urls) => setModels(urls.map(modelWidget)),
      write: variables.write,
    };
  }, [space]);

  const spaceConfig = useMemo(
    () => ({
      ...Space.defaults(),
      cameraConfig: { ...Space.defaults().cameraConfig, position: { x: 0, y: 60, z: 160 } },
      environmentConfig: { enable: environment !== null, type: environment ?? 'city' },
    }),
    [Space, environment],
  );
  const card = useMemo(() => {
    const d = Card.defaults();
    return {
      ...d,
      meshConfig: { ...d.meshConfig, position: { x: 0, y: 30, z: 0 } },
      dataConfig: { ...d.dataConfig, dataList: [{ label: 'Temperature', value: '{{temperature}}' }] },
    };
  }, [Card]);

  return (
    <main>
      <button type="button" onClick={() => setEditorOpen(true)}>
        Material editor
      </button>
      <div style={{ width: 800, height: 480, position: 'relative' }}>
        <Space.View id="space" config={spaceConfig} host={host} ref={setSpace} onWidgetEvent={onEvent('space')}>
          {models.map(({ url, config }) => (
            <Model.View key={url} id={url} config={config} host={host} onWidgetEvent={onEvent(url)} />
          ))}
          <Card.View id="card" config={card} host={host} />
        </Space.View>
      </div>
      <MaterialEditorModal host={host} open={editorOpen} onClose={() => setEditorOpen(false)} previewRef={preview} />
    </main>
  );
}
