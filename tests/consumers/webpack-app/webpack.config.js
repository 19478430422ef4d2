// A plain webpack 5 React app's config: its own JSX loader and two HTML pages (the editor host and a
// dashboard viewer), nothing for dash3d.
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';

const page = (title, chunk) =>
  new HtmlWebpackPlugin({
    title,
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
        loader: 'esbuild-loader',
        options: { loader: 'jsx', jsx: 'automatic', target: 'es2022' },
      },
    ],
  },
  optimization: { minimizer: [new EsbuildPlugin({ target: 'es2022' })] },
  plugins: [page('A host editor (webpack)', 'main'), page('A dashboard viewer (webpack)', 'viewer')],
  performance: { hints: false },
};
