import { vi } from 'vitest';
import { json } from './render';

export { buildEvent, buildListing } from './fixtures';

type Handler =
  Response | ((request: { url: string; init: RequestInit; body: unknown }) => Response | Promise<Response>);

/**
 * Stubs fetch with answers by "METHOD /api/path?query"; anything else answers 500 so a test
 * notices. Returns the spy to read the calls from.
 */
export function mockApi(handlers: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) return json({ detail: `No stub for ${key}`, code: 'TEST' }, 500);
    if (handler instanceof Response) return handler.clone();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    return handler({ url, init, body });
  });
}

/** The "METHOD url" of every fetch made so far. */
export const calls = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

/** A stand-in for XMLHttpRequest (photo uploads): answers every request with `respond`. */
export function mockUpload(
  respond: (request: { method: string; url: string; form: FormData }) => { status: number; body: unknown },
  delayMs = 0,
) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      const request = { method: this.method, url: this.url, form };
      sent.push(request);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        const answer = respond(request);
        this.status = answer.status;
        this.responseText = answer.status === 204 ? '' : JSON.stringify(answer.body);
        this.onload?.();
      }, delayMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
