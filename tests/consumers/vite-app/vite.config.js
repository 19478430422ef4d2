// A plain Vite React app's config: nothing in it is for dash3d. The proxy is the host's own
// backend in development (its media library), as any app with an API has.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.HOST_BACKEND;

export default defineConfig({
  plugins: [react()],
  server: backend ? { proxy: Object.fromEntries(['/core', '/media', '/api'].map((p) => [p, backend])) } : {},
});
