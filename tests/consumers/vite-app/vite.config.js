// A plain Vite React app's config: nothing in it is for dash3d. Two pages (the editor and the
// viewer), as a multi-page app lists them; the proxy is the host's own backend in development
// (its media library), as any app with an API has.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.HOST_BACKEND;
const page = (name) => fileURLToPath(new URL(`./${name}.html`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  build: { rolldownOptions: { input: { index: page('index'), viewer: page('viewer') } } },
  server: backend ? { proxy: Object.fromEntries(['/core', '/media', '/api'].map((p) => [p, backend])) } : {},
});
