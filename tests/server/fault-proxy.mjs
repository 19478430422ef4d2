// @ts-check
// A fault-injecting HTTP proxy in front of the tests' S3-compatible server (fauxqs: fauxqs.mjs), for
// the store-fault tests (issue 32) and the faults column of the service soak (tests/bench/
// service.mjs). The service talks to it as to any store, and the caller changes what it does while
// requests run:
// - pass(): everything goes through as it came;
// - delay(ms): each request waits `ms` before it goes on (a slow store);
// - freeze(): connections are accepted and nothing is answered, and what was under way stops
//   moving in both directions (an overloaded or cut-off store); thaw() lets all of it go on;
// - reset(): the connections open now are destroyed, and so is each new request's (a store that
//   drops connections);
// - fail(status): each new request is answered `status` with S3's XML error (a store answering
//   500 or 503).
// `requests` lists what reached it (method and path), and `load` how many were under way at once,
// for tests that count the service's calls.
import { createServer, request } from 'node:http';
import { Transform } from 'node:stream';

/** @typedef {{ kind: 'pass' } | { kind: 'delay', ms: number } | { kind: 'reset' } | { kind: 'fail', status: number }} Mode */

const CODES = /** @type {Record<number, string>} */ ({ 500: 'InternalError', 503: 'ServiceUnavailable' });
const errorBody = (/** @type {number} */ status) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${CODES[status] ?? 'InternalError'}</Code><Message>injected by the fault proxy</Message></Error>`;

/** @param {string} target the store's endpoint, http://host:port */
export async function startFaultProxy(target) {
  const upstream = new URL(target);
  /** @type {Mode} */
  let mode = { kind: 'pass' };
  /** @type {{ thawed: Promise<void>, thaw: () => void } | null} */
  let frozen = null;
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  /** @type {{ method: string, path: string }[]} */
  const requests = [];
  /** Requests under way now, and the most at once since `peak` was last set to 0. */
  const load = { now: 0, peak: 0 };

  /** Passes chunks on, except while frozen: then the next waits for the thaw. */
  const gated = () =>
    new Transform({
      transform(chunk, _encoding, done) {
        if (frozen) void frozen.thawed.then(() => done(null, chunk));
        else done(null, chunk);
      },
    });

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  const forward = (req, res) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(gated()).pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    // The service gave up (its deadline): so does the proxy, as a store sees a closed connection.
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    req.pipe(gated()).pipe(out);
  };

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    load.now++;
    load.peak = Math.max(load.peak, load.now);
    res.on('close', () => load.now--);
    void (async () => {
      // Accepted, and nothing answered until the thaw (the request body waits unread meanwhile).
      while (frozen) await frozen.thawed;
      if (req.destroyed || res.destroyed) return;
      const now = mode;
      if (now.kind === 'reset') return req.socket.destroy();
      if (now.kind === 'fail') {
        req.resume();
        return res.writeHead(now.status, { 'content-type': 'application/xml' }).end(errorBody(now.status));
      }
      if (now.kind === 'delay') await new Promise((r) => setTimeout(r, now.ms));
      forward(req, res);
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  const thaw = () => {
    frozen?.thaw();
    frozen = null;
  };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    requests,
    load,
    pass() {
      thaw();
      mode = { kind: 'pass' };
    },
    /** @param {number} ms */
    delay(ms) {
      thaw();
      mode = { kind: 'delay', ms };
    },
    freeze() {
      if (frozen) return;
      /** @type {() => void} */
      let release = () => {};
      const thawed = new Promise((resolve) => (release = () => resolve(undefined)));
      frozen = { thawed: /** @type {Promise<void>} */ (thawed), thaw: release };
    },
    thaw,
    reset() {
      thaw();
      mode = { kind: 'reset' };
      for (const s of sockets) s.destroy();
    },
    /** @param {number} status */
    fail(status) {
      thaw();
      mode = { kind: 'fail', status };
    },
    async stop() {
      thaw();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof startFaultProxy>>} FaultProxy */
