// A Next.js app's config: nothing in it is for dash3d; the media library's address is the host's.
//
// Built twice per run (support/setup.ts):
// - with Turbopack, as a static export (`output: 'export'`): the build prerenders every page on
//   the server (React's server renderer in Node, the 'use client' pages included) and writes them
//   as HTML with their scripts, which the host's own backend (host/server.mjs, the media library on
//   it) serves as it serves the other apps' builds. `trailingSlash`: each page is
//   <page>/index.html, the form a static server answers for /<page>/.
// - with webpack, for `next start` (HOST_BACKEND set): Next.js serves the pages, rendering per
//   request, and passes the media library's paths to the backend with the rewrites that
//   docs/host-guide.md shows hosts, so the page and its workers know one origin. Next.js fixes
//   rewrites at `next build` (routes-manifest.json), not at `next start`: the backend's address
//   is given to the build.
const backend = process.env.HOST_BACKEND;

/** @type {import('next').NextConfig} */
export default backend
  ? {
      distDir: '.next-server',
      async rewrites() {
        return ['core', 'api', 'media'].map((path) => ({ source: `/${path}/:rest*`, destination: `${backend}/${path}/:rest*` }));
      },
    }
  : { output: 'export', trailingSlash: true };
