#!/usr/bin/env node
// Renders the built-in materials' thumbnails with the product's own material preview and writes
// them to server/seed-thumbnails.mjs (the cut.jpg files the seed ships).
//
//   node scripts/render-material-thumbnails.mjs [--sheet <file.png>]
//
// It runs tests/browser/material-editor/builtins.test.tsx in Vitest's browser mode (real Chromium,
// the real media service seeded from server/seed-materials.mjs): each built-in is read as the
// editor reads it, drawn by <MaterialPreview scriptsAllowed>, and handle.thumbnail(128, 128) gives
// its JPEG. `--sheet` also writes all thumbnails side by side in one PNG, to look at them.
// After changing a built-in material, run this, look at the sheet, and bump SEED_VERSION in
// server/seed.mjs so existing media roots get the new files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const sheetAt = args.indexOf('--sheet');
const sheet = sheetAt >= 0 ? args[sheetAt + 1] : undefined;
if (sheetAt >= 0 && !sheet) {
  console.error('usage: node scripts/render-material-thumbnails.mjs [--sheet <file.png>]');
  process.exit(2);
}

const env = {
  ...process.env,
  VITE_WRITE_THUMBNAILS: '1',
  ...(sheet ? { VITE_THUMBNAIL_SHEET: path.relative(root, path.resolve(sheet)) } : {}),
};
const run = (/** @type {string[]} */ cmd) => spawnSync('npx', cmd, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

const status = run(['vitest', 'run', '--project', 'browser', 'tests/browser/material-editor/builtins.test.tsx']);
if (status !== 0) {
  console.error('rendering failed: server/seed-thumbnails.mjs may be unchanged or partial (see above)');
  process.exit(status);
}
// The generator writes prettier's layout already; this keeps `npm test`'s format check quiet if it drifts.
process.exit(run(['prettier', '--write', 'server/seed-thumbnails.mjs']));
