/**
 * A module imported from a URL known only at run time (a chunk asked for again past the browser's
 * memory of a failure, a module a test moved), loaded by the browser itself. A host's bundler must
 * leave this import as it is: the markers tell Vite, webpack, Rspack and Turbopack so (without
 * them webpack and Rspack warn "Critical dependency: the request of a dependency is an expression"
 * and compile the import into a stub that rejects "Cannot find module", and Turbopack into one that
 * throws "too dynamic"). esbuild and Parcel leave a computed import alone by themselves. The
 * package build keeps the markers in dist/ (scripts/package/build.mjs, host-bundlers.mjs).
 */
export function importUrl<T>(url: string): Promise<T> {
  return import(/* @vite-ignore */ /* webpackIgnore: true */ /* turbopackIgnore: true */ url) as Promise<T>;
}
