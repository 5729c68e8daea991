import { vi } from 'vitest';
import { json } from '../../../test/render';

export interface ApiCall {
  method: string;
  /** Path and query string, e.g. "/api/listings/?user_id=7". */
  path: string;
  body: unknown;
}

type Answer = Response | unknown;
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

/**
 * Stubs fetch with a table of "METHOD /api/path[?query]" → answer: a Response, a function of the
 * call, or plain data sent as JSON 200. A call matches with its query string first, then without.
 * Anything unlisted answers 500 so a missing stub shows up as a failure.
 */
export function mockApi(routes: Record<string, Handler | Answer>) {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = {
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const key = `${method} ${call.path}`;
    const route = key in routes ? routes[key] : routes[`${method} ${url.pathname}`];
    if (route === undefined) return json({ detail: `No stub for ${key}`, code: 'TEST' }, 500);
    const answer = typeof route === 'function' ? await (route as Handler)(call) : route;
    return answer instanceof Response ? answer : json(answer);
  });
  return {
    calls,
    /** The calls made with this method to this path (query string included when given). */
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && (c.path === path || c.path.split('?')[0] === path)),
  };
}
