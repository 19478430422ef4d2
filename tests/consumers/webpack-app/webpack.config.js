// A plain webpack 5 React app's config: its own JSX loader and HTML page, nothing for dash3d.
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';

export default {
  entry: './src/index.jsx',
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
  plugins: [
    new HtmlWebpackPlugin({
      title: 'A host editor (webpack)',
      templateContent:
        '<!doctype html><html lang="en"><head><meta charset="UTF-8"><link rel="icon" href="data:,"><title>A host editor (webpack)</title></head><body><div id="root"></div></body></html>',
    }),
  ],
  performance: { hints: false },
};
