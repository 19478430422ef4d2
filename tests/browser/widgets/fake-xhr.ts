/**
 * A stand-in for XMLHttpRequest that records each request and answers like the media library:
 * `{ url: '/media/<catalog>/<file name>' }`, or the status and body a test sets; an answer given as
 * a promise holds the upload (its progress shown, half sent) until the test settles it.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export function fakeXhr(answer: (req: RecordedRequest) => FakeAnswer | Promise<FakeAnswer> = mediaAnswer) {
  const requests: RecordedRequest[] = [];
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private req: RecordedRequest = { method: '', url: '', headers: {}, body: null };
    private aborted = false;
    open(method: string, url: string) {
      this.req = { method, url, headers: {}, body: null };
    }
    setRequestHeader(k: string, v: string) {
      this.req.headers[k.toLowerCase()] = v;
    }
    send(body: FormData) {
      this.req.body = body;
      requests.push(this.req);
      setTimeout(() => {
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        void Promise.resolve(answer(this.req)).then(({ status, body: out }) => {
          if (this.aborted) return;
          this.status = status;
          this.responseText = JSON.stringify(out);
          this.onload?.();
        });
      }, 20);
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
  }
  return { requests, XMLHttpRequest: FakeXMLHttpRequest };
}

export function mediaAnswer(req: RecordedRequest) {
  const catalog = new URL(req.url, location.href).searchParams.get('catalog');
  const file = req.body?.get('file') as File | null;
  return { status: 200, body: { url: `/media/${catalog}/${file?.name}` } };
}
