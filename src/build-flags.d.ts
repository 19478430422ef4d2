/**
 * Set by the build: true in the project's own Vite builds (dev server, tests, playground, bench),
 * false in the package (scripts/package/build.mjs), where code behind it is dropped. It guards the
 * test hooks that import a module from a computed URL, which a host's bundler could not follow.
 */
declare const __DASH3D_TEST_HOOKS__: boolean;
