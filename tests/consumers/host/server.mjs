// The host's own backend, as a host team runs one: its fastify app with dash3d's media library
// registered on it (`dash3d/server`, from the app's node_modules), serving the built page.
//   node server.mjs <built page folder or '-'> <media root>      (MEDIA_TOKEN from the environment)
// Prints one JSON line `{ "listening": "<url>" }`, then one `{ "url", "status" }` line per answered
// request: the test reads what the page and its workers fetched, and what they got.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { mediaLibrary } from 'dash3d/server';

const [pageDir, mediaRoot] = process.argv.slice(2);
const token = process.env.MEDIA_TOKEN;
if (!pageDir || !mediaRoot || !token) throw new Error('usage: MEDIA_TOKEN=... node server.mjs <page folder|-> <media root>');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * HOST_CSP=no-eval: one policy everywhere that allows WebAssembly but no 'unsafe-eval', as a host
 * that skipped the host guide's worker policy would serve it; HOST_CSP=strict: 'self' only.
 */
const HOST_CSP = process.env.HOST_CSP;
const strict = HOST_CSP === 'strict' || HOST_CSP === 'no-eval';

/**
 * The policies docs/host-guide.md gives hosts (Content Security Policy). The page's is strict. A worker's policy is the one its own
 * script's response carries (and the decoders' blob: workers inherit it), so the render worker's
 * script gets the worker policy: user code and the KTX2 transcoder compile code there.
 */
const policy = (script) =>
  [
    "default-src 'self'",
    `script-src ${script}`,
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self' data: blob:",
  ].join('; ');
const PAGE_SCRIPT = HOST_CSP === 'no-eval' ? "'self' 'wasm-unsafe-eval'" : "'self'";
const PAGE_POLICY = policy(PAGE_SCRIPT);
const WORKER_POLICY = policy("'self' 'unsafe-eval' 'wasm-unsafe-eval'");
/**
 * The render worker's script as Vite (render-worker-<hash>.js), webpack and Rspack (its name
 * option: dash3d-render.<hash>.js; Next.js's webpack build too), Parcel (render-worker.<hash>.js),
 * Turbopack (Next.js: the bootstrap script every worker of the app starts from,
 * turbopack-worker-<hash>.js) or the package itself (a host's own copy, the esbuild app's) names it.
 */
const RENDER_WORKER = /\/(render-worker|dash3d-render)[.-][^/]*js$|\/render-worker\.js$|\/turbopack-worker-[^/]*\.js$/;

/**
 * A page's own inline scripts, as hash sources for its policy: a statically exported Next.js page
 * has a few (its router's data and chunk list), written at build time, so the page's policy allows
 * them by hash and stays without 'unsafe-inline'; a Parcel page has one, its import map. The Vite,
 * webpack, Rspack and esbuild pages have none.
 */
const inlineScriptHashes = (html) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );

/**
 * HOST_FAIL_ONCE: file names of the built page (comma-separated) whose first request is answered
 * 503, as a proxy or a deploy in progress may answer one; every later request is served. The
 * consumer tests use it to show that a chunk that failed once is asked for again and loads.
 * HOST_FAIL_TIMES (default 1): how many first requests of each such file fail, for a bundler whose
 * runtime asks again by itself once (Turbopack) before the package sees a failure.
 */
const failTimes = Math.max(1, Number(process.env.HOST_FAIL_TIMES ?? 1) || 1);
const failing = new Map(
  (process.env.HOST_FAIL_ONCE ?? '')
    .split(',')
    .filter(Boolean)
    .map((file) => [file, failTimes]),
);
/** Whether this request of `rel` is one to fail (and counts it). */
const failNow = (rel) => {
  const left = failing.get(rel) ?? 0;
  if (left > 1) failing.set(rel, left - 1);
  else failing.delete(rel);
  return left > 0;
};

const app = Fastify({ forceCloseConnections: true });
app.addHook('onSend', async (req, reply) => {
  if (reply.hasHeader('content-security-policy')) return; // a page's, with its inline scripts' hashes
  reply.header('content-security-policy', !strict && RENDER_WORKER.test(req.url.split('?')[0]) ? WORKER_POLICY : PAGE_POLICY);
});
app.addHook('onResponse', async (req, reply) => console.log(JSON.stringify({ url: req.url, status: reply.statusCode })));
await app.register(mediaLibrary, { root: mediaRoot, token });

if (pageDir !== '-') {
  const root = path.resolve(pageDir);
  app.get('/*', async (req, reply) => {
    // A folder's address (`/`, Next.js's `/viewer/`) is its index.html.
    const rel = decodeURIComponent(new URL(req.url, 'http://host').pathname)
      .replace(/^\/+/, '')
      .replace(/(^|\/)$/, '$1index.html');
    const file = path.resolve(root, rel);
    const info = file.startsWith(root + path.sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) return reply.code(404).send({ error: 'not found' });
    if (failNow(rel)) return reply.code(503).send({ error: 'failing this file (HOST_FAIL_ONCE)' });
    if (path.extname(file) === '.html') {
      const html = await readFile(file, 'utf8');
      const hashes = inlineScriptHashes(html);
      if (hashes.length > 0) reply.header('content-security-policy', policy([PAGE_SCRIPT, ...hashes].join(' ')));
      return reply.type(TYPES['.html']).send(html);
    }
    return reply.type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(createReadStream(file));
  });
}

// HOST_PORT: a port given by the test (the Next.js server build's rewrites name it); else any free one.
await app.listen({ host: '127.0.0.1', port: Number(process.env.HOST_PORT ?? 0) });
console.log(JSON.stringify({ listening: `http://127.0.0.1:${app.server.address().port}` }));
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
