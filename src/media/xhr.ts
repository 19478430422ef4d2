/** An upload refused by the media library: its HTTP status and the service's own error text. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface XhrUploadRequest {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The upload was aborted', 'AbortError');

/**
 * POSTs multipart data and resolves with the parsed JSON answer. No Content-Type is set: the
 * browser writes multipart/form-data with its boundary itself. Rejects on abort, on a network error
 * and on a non-2xx answer (with the service's `{ error }` text when it sent one).
 */
export function xhrUpload({ url, headers, body, onProgress, signal }: XhrUploadRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    }
    xhr.onload = () => {
      done();
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: a 2xx without JSON is reported below as a missing url.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(answer);
      } else {
        const text = (answer as { error?: unknown } | null)?.error;
        reject(new UploadError(xhr.status, typeof text === 'string' ? text : `upload failed: ${xhr.status}`));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0, 'upload failed: network error'));
    };
    xhr.onabort = () => {
      done();
      reject(signal ? abortError(signal) : new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}
