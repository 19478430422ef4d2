import { useState } from 'react';
import { ThreeDSpace } from '../src';
import { SpaceConfigSchema } from '../shared/schema/space';
import { describeIssues, type Locale } from '../shared/i18n';
import { toIssues } from '../shared/schema/common';

/** Until model widgets exist, the demo scene's objects come from the container's user script. */
const DEMO_SCRIPT = `// Runs inside the 3D worker. THREE is the three.js library, api is the scene API.
function onReady(THREE, api) {
  const shapes = [
    new THREE.BoxGeometry(120, 120, 120),
    new THREE.SphereGeometry(70, 48, 24),
    new THREE.TorusKnotGeometry(50, 18, 128, 16),
  ];
  shapes.forEach((geometry, i) => {
    const mesh = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color: [0xe8684a, 0x5b8ff9, 0x5ad8a6][i], roughness: 0.4, metalness: 0.2 }));
    mesh.position.set((i - 1) * 220, 80, 0);
    mesh.castShadow = true;
    api.scene.add(mesh);
  });
  api.invalidate();
}

function onModelLoaded(THREE, api, model) {
}
`;

/** `?scene=<base64url JSON>` opens that space config; otherwise a small demo config. */
function initialConfig(): unknown {
  const param = new URLSearchParams(location.search).get('scene');
  if (param) {
    try {
      return JSON.parse(atob(param.replace(/-/g, '+').replace(/_/g, '/')));
    } catch (err) {
      console.error('[playground] ?scene= is not base64url JSON:', err);
    }
  }
  return {
    helperConfig: { gridConfig: { enable: true } },
    controlConfig: { orbitConfig: { enableDamping: true } },
    sceneConfig: { background: '#1b2433' },
    script: DEMO_SCRIPT,
  };
}

/**
 * Interim playground (the host-editor playground comes with the next issue): a 3D space next to a
 * live JSON editor of its settings. Invalid JSON or values are shown and not applied.
 */
export function App() {
  const [config, setConfig] = useState<unknown>(initialConfig);
  const [text, setText] = useState(() => JSON.stringify(SpaceConfigSchema.parse(config), null, 2));
  const [jsonError, setJsonError] = useState('');
  const [locale, setLocale] = useState<Locale>('en');

  const onText = (value: string) => {
    setText(value);
    try {
      const parsed = JSON.parse(value);
      setJsonError('');
      setConfig(parsed);
    } catch (err) {
      setJsonError((err as Error).message);
    }
  };
  const check = SpaceConfigSchema.safeParse(config);

  return (
    <div style={{ display: 'flex', height: '100%' }}>
      <main style={{ flex: 1, minWidth: 0, padding: 12 }}>
        <div style={{ width: '100%', height: '100%', maxWidth: 1000, maxHeight: 600 }}>
          <ThreeDSpace config={config} locale={locale} />
        </div>
      </main>
      <aside style={{ width: 420, display: 'flex', flexDirection: 'column', borderLeft: '1px solid #333' }}>
        <div style={{ padding: 8, display: 'flex', gap: 8, alignItems: 'center' }}>
          <strong style={{ flex: 1 }}>3D space settings (JSON)</strong>
          <select aria-label="Language" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            <option value="en">English</option>
            <option value="zh_Hans">简体中文</option>
          </select>
        </div>
        <textarea
          aria-label="Settings JSON"
          spellCheck={false}
          value={text}
          onChange={(e) => onText(e.target.value)}
          style={{ flex: 1, background: '#1e1e1e', color: '#d4d4d4', font: '12px monospace', border: 0, padding: 8 }}
        />
        <div role="status" style={{ padding: 8, minHeight: 40, font: '12px monospace', color: '#ff7875' }}>
          {jsonError ||
            (!check.success &&
              describeIssues(toIssues(check.error), locale).map((i) => `${i.path}: ${i.message}`).join('\n'))}
        </div>
      </aside>
    </div>
  );
}
