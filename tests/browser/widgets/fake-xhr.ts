/**
 * A stand-in for XMLHttpRequest that records each request and answers like the media library:
 * `{ url: '/media/<catalog>/<file name>' }`, or the status and body a test sets.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
}

export function fakeXhr(answer: (req: RecordedRequest) => { status: number; body: unknown } = mediaAnswer) {
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
        const { status, body: out } = answer(this.req);
        this.status = status;
        this.responseText = JSON.stringify(out);
        this.onload?.();
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
