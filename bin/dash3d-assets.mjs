#!/usr/bin/env node
// @ts-check
// `npx dash3d-assets <folder>`: copies the package's browser files into a folder the host serves
// (bin/package-files.mjs says which and why).
import { fileURLToPath } from 'node:url';
import { copyBrowserFiles } from './package-files.mjs';

process.exitCode = await copyBrowserFiles(process.argv.slice(2), { dist: fileURLToPath(new URL('../dist/', import.meta.url)) });
