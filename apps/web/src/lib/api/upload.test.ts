import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressPercent, uploadFile } from './upload';

/** A stand-in for XMLHttpRequest that records what was sent and lets the test drive the events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start(onProgress?: (p: number) => void, signal?: AbortSignal) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const file = new Blob([new Uint8Array(10)], { type: 'image/png' });
  const done = uploadFile({ kind: 'resource', auth: { id: 'artist one', ticket: 't/1' }, file, onProgress, signal });
  return { done, xhr: FakeXhr.last!, file };
}

describe('progressPercent', () => {
  it('floors, clamps and treats an unknown total as 0', () => {
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(2000, 1000)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });
});

describe('uploadFile', () => {
  it('posts the file as multipart field "file", the ticket only in the Bearer header (never in the URL)', async () => {
    const { done, xhr, file } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/attnftmarket/api/v1/nft/upload/resource/artist%20one');
    expect(xhr.url).not.toContain('t%2F1');
    expect(xhr.headers.Authorization).toBe('Bearer t/1');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(((xhr.body as FormData).get('file') as Blob).size).toBe(file.size);
    xhr.respond(200, JSON.stringify({ returnCode: 0, data: { fileName: 'abc.png' } }));
    await expect(done).resolves.toEqual({ returnCode: 0, data: { fileName: 'abc.png' } });
  });

  it('reports progress from the upload events, ignoring events without a known length', async () => {
    const seen: number[] = [];
    const { done, xhr } = start((p) => seen.push(p));
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 0, total: 400 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 400 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 399, total: 400 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 400, total: 400 });
    xhr.respond(200, JSON.stringify({ returnCode: 0, data: { fileName: 'x' } }));
    await done;
    expect(seen).toEqual([0, 25, 99, 100]);
  });

  it('passes a refusal code through, even on a 4xx status', async () => {
    const { done, xhr } = start();
    xhr.respond(400, JSON.stringify({ returnCode: 5 }));
    await expect(done).resolves.toEqual({ returnCode: 5 });
  });

  it('turns a network failure, a 5xx, a non-JSON or off-contract reply, and an abort into 901', async () => {
    for (const act of [
      (x: FakeXhr) => x.onerror?.(),
      (x: FakeXhr) => x.respond(502, JSON.stringify({ returnCode: 0, data: { fileName: 'x' } })),
      (x: FakeXhr) => x.respond(200, '<html>'),
      (x: FakeXhr) => x.respond(200, JSON.stringify({ data: 1 })),
    ]) {
      const { done, xhr } = start();
      act(xhr);
      await expect(done).resolves.toEqual({ returnCode: 901 });
    }
    const controller = new AbortController();
    const { done, xhr } = start(undefined, controller.signal);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(done).resolves.toEqual({ returnCode: 901 });
  });
});
