import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { comlink } from 'vite-plugin-comlink';
import { fileURLToPath } from 'node:url';
import { ensureAssets } from './scripts/assets.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const fixtures = fileURLToPath(new URL('../shared/fixtures', import.meta.url));
/** The package's public entry: what `import ... from 'dash3d'` means before anything is built. */
const entry = fileURLToPath(new URL('./src/index.ts', import.meta.url));

/** Everything that tests or the worker import: discovered late, Vite would reload the page mid-test. */
export const optimizeDeps = [
  'react',
  'react-dom',
  'react-dom/client',
  'react-dom/server',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'comlink',
  'zod',
  'antd',
  'three',
  'three/examples/jsm/controls/OrbitControls.js',
  'three/examples/jsm/loaders/EXRLoader.js',
  'three/examples/jsm/postprocessing/EffectComposer.js',
  'three/examples/jsm/postprocessing/RenderPass.js',
  'three/examples/jsm/postprocessing/UnrealBloomPass.js',
  'three/examples/jsm/postprocessing/OutputPass.js',
  'three/examples/jsm/helpers/RectAreaLightHelper.js',
  'three-mesh-bvh',
  // Model loaders (worker/models/load/formats), each imported lazily by format.
  'three/examples/jsm/loaders/GLTFLoader.js',
  'three/examples/jsm/loaders/DRACOLoader.js',
  'three/examples/jsm/loaders/KTX2Loader.js',
  'three/examples/jsm/libs/meshopt_decoder.module.js',
  'three/examples/jsm/loaders/OBJLoader.js',
  'three/examples/jsm/loaders/MTLLoader.js',
  'three/examples/jsm/loaders/FBXLoader.js',
  // The code editors (src/material-editor/code/cm), a chunk of their own.
  '@codemirror/autocomplete',
  '@codemirror/commands',
  '@codemirror/lang-javascript',
  '@codemirror/language',
  '@codemirror/legacy-modes/mode/clike',
  '@codemirror/lint',
  '@codemirror/search',
  '@codemirror/state',
  '@codemirror/view',
  '@lezer/common',
];

/**
 * The project root stays the Vite root (vite-plugin-comlink resolves worker paths against it), and
 * `/` (with any query, e.g. `/?scene=`) serves the playground page.
 */
function playgroundAtRoot(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url === '/' || req.url?.startsWith('/?')) req.url = '/playground/index.html' + req.url.slice(1);
    next();
  };
  return {
    name: 'dash3d:playground-at-root',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * The package's asset files (decoders, environment presets) that the engine names with
 * `new URL(..., import.meta.url)`: written into worker/assets/files/ from their npm packages before
 * anything is served or built (scripts/assets.mjs; a second run finds them and does nothing).
 */
function packageAssets(): Plugin {
  return { name: 'dash3d:package-assets', config: async () => void (await ensureAssets()) };
}

/** Shared by the app, the tests and the benchmark build so they all bundle the worker the same way. */
export function baseConfig(): UserConfig {
  return {
    root,
    publicDir: false,
    // vite-plugin-comlink stays in our own builds (the product's toolchain), but the source no
    // longer uses its ComlinkWorker syntax: it calls comlink's wrap/expose itself, so the package
    // a host installs needs no plugin (issue 17).
    plugins: [packageAssets(), comlink(), react()],
    // The playground imports the plug-in as any host does, by its package name; only the bare name
    // is mapped, so a deep path ('dash3d/...') does not resolve (tests/unit/architecture.test.ts).
    resolve: { alias: [{ find: /^dash3d$/, replacement: entry }] },
    worker: { format: 'es', plugins: () => [comlink()] },
    // The test hooks that import a computed URL (src/build-flags.d.ts); the package has them off.
    define: { __DASH3D_TEST_HOOKS__: 'true' },
    optimizeDeps: { include: optimizeDeps },
    server: { fs: { allow: [root, fixtures] } },
  };
}

// `npm start`: the playground. `npm run build:playground`: the same page for production, in dist-playground/.
export default defineConfig({
  ...baseConfig(),
  plugins: [playgroundAtRoot(), ...(baseConfig().plugins ?? [])],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    fs: { allow: [root, fixtures] },
  },
  build: {
    outDir: 'dist-playground',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { input: { playground: fileURLToPath(new URL('./playground/index.html', import.meta.url)) } },
  },
});
