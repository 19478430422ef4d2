// A Next.js app's config: nothing in it is for dash3d.
//
// `output: 'export'`: the build prerenders every page on the server (React's server renderer in
// Node, the 'use client' pages included) and writes them as HTML with their scripts, which the
// host's own backend (host/server.mjs, the media library on it) serves as it serves the other
// apps' builds. A prerender that throws stops the build, so a build that finishes is the server
// rendering check; what `next start` would add (rendering per request) renders the same pages with
// the same renderer, and would need a second server in front of the backend.
// `trailingSlash`: each page is <page>/index.html, the form a static server answers for /<page>/.
/** @type {import('next').NextConfig} */
export default {
  output: 'export',
  trailingSlash: true,
};
