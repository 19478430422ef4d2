// A plain Rspack 2 React app's config: its built-in SWC loader for JSX and its HTML plugin, two
// pages (the editor host and a dashboard viewer); nothing in it is for dash3d.
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const page = (title, chunk) =>
  new rspack.HtmlRspackPlugin({
    filename: `${chunk === 'main' ? 'index' : chunk}.html`,
    chunks: [chunk],
    templateContent: `<!doctype html><html lang="en"><head><meta charset="UTF-8"><link rel="icon" href="data:,"><title>${title}</title></head><body><div id="root"></div></body></html>`,
  });

export default {
  entry: { main: './src/index.jsx', viewer: './src/viewer.jsx' },
  output: { path: fileURLToPath(new URL('./dist', import.meta.url)), filename: '[name].[contenthash].js', clean: true },
  resolve: { extensions: ['.js', '.jsx'] },
  module: {
    rules: [
      {
        test: /\.jsx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'ecmascript', jsx: true }, transform: { react: { runtime: 'automatic' } } } },
        type: 'javascript/auto',
      },
    ],
  },
  plugins: [page('A host editor (Rspack)', 'main'), page('A dashboard viewer (Rspack)', 'viewer')],
  performance: { hints: false },
};
