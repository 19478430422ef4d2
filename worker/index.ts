// Render worker entry: comlink (vite-plugin-comlink) exposes these exports; nothing else lives here.
export * from './api';
