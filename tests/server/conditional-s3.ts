// A front for the test S3 server that honours `If-None-Match: *` on writes, as AWS S3, MinIO and R2
// do and fauxqs does not: a PutObject or CompleteMultipartUpload carrying it is refused with 412
// PreconditionFailed when the key exists, one such write per key at a time. Everything else is
// passed through byte for byte. With it the tests reach the service's conditional-write path.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const PRECONDITION_FAILED =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';

export async function conditionalFront(target: string) {
  const upstream = new URL(target);
  /** The last conditional write per key: the next one waits for it. */
  const tails = new Map<string, Promise<unknown>>();

  const pass = (req: IncomingMessage, res: ServerResponse, method = req.method) =>
    new Promise<number>((resolve, reject) => {
      const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve(answer.statusCode ?? 502));
      });
      out.on('error', reject);
      if (method === 'HEAD') out.end();
      else req.pipe(out);
    });

  const exists = (path: string) =>
    new Promise<boolean>((resolve, reject) => {
      const head = request({ host: upstream.hostname, port: upstream.port, path, method: 'HEAD' }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      });
      head.on('error', reject);
      head.end();
    });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const write =
      (req.method === 'PUT' && !url.searchParams.has('uploadId')) || (req.method === 'POST' && url.searchParams.has('uploadId'));
    if (!write || req.headers['if-none-match'] !== '*') {
      pass(req, res).catch(() => res.destroy());
      return;
    }
    const key = url.pathname;
    const turn = (tails.get(key) ?? Promise.resolve()).then(async () => {
      if (await exists(key)) {
        req.resume();
        res.writeHead(412, { 'content-type': 'application/xml' }).end(PRECONDITION_FAILED);
        return;
      }
      await pass(req, res);
    });
    tails.set(
      key,
      turn.catch(() => res.destroy()),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
