// @ts-check
// The media-library calls of spec §7: list a catalog, upload into one, delete a file or folder, and
// the allowed formats. The files live in a store (store.mjs): the routes do not know which.
import { DependencyError } from './dependency.mjs';
import { dropRest } from './errors.mjs';
import { contentTypeOf, refusedExtension, unsupportedFormatMessage } from './formats.mjs';
import { BUILT_IN_ROOT } from './seed.mjs';
import { HttpError, checkedSegments, listCatalog, segmentProblem, urlPathOf } from './storage.mjs';

export const MEDIA_URL_PREFIX = '/media';

/** @param {unknown} catalog the query value, decoded once by the query parser */
function catalogSegments(catalog) {
  if (catalog === undefined) return [];
  if (typeof catalog !== 'string') throw new HttpError(400, 'catalog must be given once');
  return checkedSegments(catalog);
}

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {import('./options.mjs').ResolvedOptions} opts
 * @param {import('./store.mjs').Store} store the media library's
 * @param {import('fastify').onRequestHookHandler} auth
 * @param {{ uploading: number }} activity uploads in progress, for the health answer
 */
export function mediaRoutes(app, opts, store, auth, activity) {
  const { allowedFormats, maxUploadBytes, publicUrl } = opts;

  app.get('/core/mediaLibrary', { onRequest: auth }, async (req) => {
    const segs = catalogSegments(/** @type {Record<string, unknown>} */ (req.query).catalog);
    return listCatalog(store, segs, MEDIA_URL_PREFIX);
  });

  app.get('/core/mediaLibrary/config', { onRequest: auth }, () => ({ allowedFormats, maxUploadBytes }));

  // Where else than the service's own origin the files are served from (MEDIA_PUBLIC_URL naming a
  // bucket or a CDN): a host adds these to the origins its render worker may load from. No token:
  // a viewer's page needs them too, and every upload answer and saved dashboard names them anyway.
  const origins = /^https?:\/\//i.test(publicUrl) ? [new URL(publicUrl).origin] : [];
  app.get('/core/mediaLibrary/origins', () => ({ origins }));

  // The material library deletes a saved material (its whole folder) and, on rename, the old .airm.
  // The root and the seeded built-ins are not the user's to delete: the seed would not bring them back.
  app.delete('/core/mediaLibrary', { onRequest: auth }, async (req) => {
    const given = /** @type {Record<string, unknown>} */ (req.query).path;
    if (typeof given !== 'string') throw new HttpError(400, 'path must be given once');
    const segs = checkedSegments(given);
    if (segs.length === 0) throw new HttpError(403, 'the media root cannot be deleted');
    if (segs[0] === BUILT_IN_ROOT) throw new HttpError(403, 'the built-in resources are read-only');
    const removed = await store.remove(segs);
    if (!removed) throw new HttpError(404, `nothing at "${segs.join('/')}"`);
    return { path: segs.join('/'), isDir: removed.isDir };
  });

  app.post('/core/mediaLibrary/upload', { onRequest: auth }, async (req, reply) => {
    const query = /** @type {Record<string, unknown>} */ (req.query);
    const segs = catalogSegments(query.catalog);
    const replace = query.action === 'cover';
    if (!req.isMultipart()) throw new HttpError(400, 'expected multipart/form-data with a field "file"');

    /** @type {{ staged: import('./store.mjs').Staged, name: string } | null} */
    let stored = null;
    /** @type {HttpError | null} */
    let refusal = null;
    activity.uploading++;
    try {
      // Given per request, so a host's own @fastify/multipart options cannot change them. A file
      // over the limit arrives truncated (file.truncated), so the route can clean up and answer 413:
      // @fastify/multipart reads throwFileSizeLimit from these options too, though its types omit it.
      /** @type {Parameters<typeof req.parts>[0] & { throwFileSizeLimit: boolean }} */
      const partsOptions = {
        throwFileSizeLimit: false,
        limits: { fileSize: maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 },
        // Keep the name as sent: a name with a path in it is refused rather than silently cut down.
        preservePath: true,
      };
      const parts = req.parts(partsOptions);
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        // The rest of the request is still read to its end (and dropped) so the answer arrives cleanly.
        if (refusal) {
          part.file.resume();
          continue;
        }
        const name = part.filename;
        const problem = segmentProblem(name ?? '');
        const ext = refusedExtension(name ?? '', allowedFormats);
        if (problem || ext !== null) {
          refusal = problem
            ? new HttpError(400, `invalid file name "${name}": ${problem}`)
            : new HttpError(415, unsupportedFormatMessage(ext ?? ''));
          part.file.resume();
          continue;
        }
        // Streamed into the store as it arrives (never held whole), and not visible until committed.
        const staged = await store.stage([...segs, name], part.file, { contentType: contentTypeOf(name) });
        stored = { staged, name };
        if (part.file.truncated)
          refusal = new HttpError(413, `file larger than the upload limit of ${maxUploadBytes} bytes`, { limit: maxUploadBytes });
      }
      if (refusal) throw refusal;
      if (!stored) throw new HttpError(400, 'no file in the form (expected a field "file")');
      await stored.staged.commit(replace);
    } catch (err) {
      // Whatever went wrong (limit, refusal, client gone), no half-written file stays behind. When
      // it was the store that failed, the answer does not wait for it a second time: the discard
      // goes on behind it (and what the store does not drop yet is recorded: s3-open-uploads.mjs).
      const discarding = stored?.staged.discard();
      if (err instanceof DependencyError) discarding?.catch(() => undefined);
      else await discarding;
      // A store that failed mid-file leaves the rest of the request unread.
      await dropRest(req.raw);
      throw err;
    } finally {
      activity.uploading--;
    }
    const rel = [...segs, stored.name];
    const filePath = urlPathOf(MEDIA_URL_PREFIX, rel);
    const { size } = stored.staged;
    reply.code(200);
    return { url: publicUrl + filePath, name: stored.name, path: rel.join('/'), filePath, size };
  });
}
