// ESLint for the whole repository (`npm run lint`). Type-aware: typescript-eslint reads the types
// through the per-folder projects tsconfig.json references (tsconfig.node.json includes the .mjs
// files too, as allowJs), so rules such as
// no-floating-promises see the server and scripts as well as the TypeScript.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // dist*/.tsbuild are build output (dist/ the npm package, dist-playground/ the playground), data/
  // stored files, worker/assets/files/ copied from packages; schema/ is written by `npm run schema`.
  globalIgnores([
    '.tsbuild/',
    'dist/',
    'dist-playground/',
    'dist-bench/',
    'worker/assets/files/',
    'data/',
    'schema/',
    '.dist-build-*/',
    '.dist-old-*/',
    '.vitest-attachments/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // This file is the only one outside tsconfig.json's include.
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },

  // The consumer apps are plain JavaScript of the kind a host team writes, outside every tsconfig
  // (their own builds compile them in the consumer tests): linted without type information.
  {
    files: ['tests/consumers/{host,vite-app,webpack-app,next-app,rspack-app,esbuild-app,parcel-app}/**/*.{js,mjs,jsx}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false, ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['tests/consumers/host/server.mjs', 'tests/consumers/*/*.config.js', 'tests/consumers/esbuild-app/build.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/consumers/host/*.{js,jsx}', 'tests/consumers/*/src/**/*.{js,jsx}'],
    languageOptions: { globals: globals.browser },
  },

  // Where each folder runs: Node for the service, the scripts and the tests that drive them;
  // the browser for the plug-in, the playground and the browser tests; a worker for the engine.
  {
    files: [
      'server/**',
      'scripts/**',
      'bin/**',
      'tests/server/**',
      'tests/e2e/**',
      'tests/bench/*.mjs',
      'tests/consumers/support/*.mjs',
      '*.config.{js,ts}',
      'tests/*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // The benchmark's driver hands callbacks to page.evaluate() and addInitScript(): those run in the page.
    files: ['tests/bench/*.mjs'],
    languageOptions: { globals: { window: 'readonly', OffscreenCanvas: 'readonly', document: 'readonly', MutationObserver: 'readonly' } },
  },
  {
    files: ['src/**', 'playground/**', 'tests/browser/**', 'tests/bench/page/**'],
    languageOptions: { globals: globals.browser },
  },
  { files: ['worker/**'], languageOptions: { globals: globals.worker } },

  {
    rules: {
      // Callbacks in props and options types are declared with method shorthand (`onChange(v): void`)
      // and destructured (`({ onChange }) =>`), and comlink proxies are passed around the same way;
      // none of them uses `this`, which is all this rule checks. Of its 72 findings, 70 were those
      // and 2 a test saving a prototype method to put it back.
      '@typescript-eslint/unbound-method': 'off',
      // A parameter named `_x` is kept on purpose: it gives a placeholder callback its type.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // zod 4's index re-exports its namespace as `z` (`export { z }`), which Parcel 2.16 compiles
      // into a reference to an undefined variable: a page with `import { z } from 'zod'` fails in a
      // Parcel host. The namespace import works in every bundler (issue 31).
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "import * as z from 'zod' (Parcel cannot run zod's `z` re-export)",
        },
      ],
    },
  },
  {
    // Plain JavaScript (the service, the scripts, the benchmark's driver) has no type annotations:
    // every JSON.parse result, caught error and library value without types is `any`, so these
    // rules would ask for JSDoc on most lines. The TypeScript keeps them; the promise rules
    // (no-floating-promises, no-misused-promises) stay on everywhere.
    files: ['**/*.{js,mjs}'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  {
    // Declaration files declare globals, which only `var` puts on globalThis (shared/globals.d.ts).
    files: ['**/*.d.ts'],
    rules: { 'no-var': 'off' },
  },

  // React's rules where the components and hooks are.
  {
    files: ['src/**/*.{ts,tsx}', 'playground/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
]);
