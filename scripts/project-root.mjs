// @ts-check
// This repository's root, for the scripts that build and run the playground from it. The service
// itself (server/) never uses its own location: installed as a package it lives in node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
