// A front for the test S3 server that writes objects in place, as the held-out store of issue 32
// did (and s3rver does: server/README.md, "Toolchain notes"). fauxqs replaces an object whole on
// every PUT, so racing covers can never mix on it, and a lock that keeps them from mixing could not
// be proven there. Here a PutObject's bytes go into the key's one "file" (in memory) as they arrive:
// the file is truncated when a PUT begins (as a file opened for writing is), each slice is written
// at its own offset, with a short pause between slices (a disk's pace), and when a PUT's last
// byte is in, the file as it is at that moment, whatever a racing PUT of the same key wrote into it
// meanwhile, is stored in fauxqs as the object. Two PUTs of one key that overlap in time therefore
// end as a mix of both, as on such a store. Everything else passes through byte for byte;
// CompleteMultipartUpload too (fauxqs joins the parts whole): the service commits both kinds of
// upload through the same lock, so racing PUTs prove it for both.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface InPlaceFile {
  bytes: Buffer;
  length: number;
}

export async function inPlaceFront(target: string, { sliceBytes = 16 * 1024, pauseMs = 3 } = {}) {
  const upstream = new URL(target);
  const files = new Map<string, InPlaceFile>();
  /** Bytes each PUT under way has written so far, by path: a test can start a second one mid-way. */
  const writing = new Map<string, number>();

  const pass = (req: IncomingMessage, res: ServerResponse, body?: Buffer) => {
    const headers = { ...req.headers };
    if (body) {
      headers['content-length'] = String(body.length);
      delete headers.expect;
      delete headers['transfer-encoding'];
    }
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    if (body) out.end(body);
    else req.pipe(out);
  };

  /** Writes `slice` at `offset` of the file, growing it as a file grows. */
  const writeAt = (file: InPlaceFile, offset: number, slice: Buffer) => {
    if (file.bytes.length < offset + slice.length) {
      const grown = Buffer.alloc(Math.max(offset + slice.length, 2 * file.bytes.length));
      file.bytes.copy(grown);
      file.bytes = grown;
    }
    slice.copy(file.bytes, offset);
    file.length = Math.max(file.length, offset + slice.length);
  };

  const putInPlace = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const file = files.get(path) ?? { bytes: Buffer.alloc(0), length: 0 };
    files.set(path, file);
    file.length = 0;
    let offset = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      for (let i = 0; i < chunk.length; i += sliceBytes) {
        const slice = chunk.subarray(i, i + sliceBytes);
        writeAt(file, offset, slice);
        offset += slice.length;
        writing.set(path, offset);
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    }
    writing.delete(path);
    pass(req, res, Buffer.from(file.bytes.subarray(0, file.length)));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const put = req.method === 'PUT' && !url.searchParams.has('uploadId') && !req.headers['x-amz-copy-source'];
    if (put) putInPlace(req, res, url.pathname).catch(() => res.destroy());
    else pass(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Bytes written so far by the PUT under way whose path ends with `suffix` (0 when none). */
    writtenOf: (suffix: string) => [...writing].find(([p]) => p.endsWith(suffix))?.[1] ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
