import { vi } from 'vitest';

/** Test support: a fake network boundary answering by method and path, with the full request kept. */

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Answer = [status: number, body: unknown];
type Responder = Answer | ((call: RecordedCall, nth: number) => Answer);
export type FetchRoute = [method: string, path: string | RegExp, respond: Responder];

export const page = <T,>(rows: T[], total = rows.length) => ({ data: rows, current_page: 1, per_page: 25, total, last_page: 1 });

/**
 * Replaces global fetch. JSON bodies are parsed, multipart bodies stay FormData; a string answer is sent
 * as text/csv. Unknown routes answer 404. `nth` counts earlier calls to the same route (0-based).
 */
export function routeFetch(routes: FetchRoute[]) {
  const calls: RecordedCall[] = [];
  const hits = new Map<number, number>();
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const call = { method, url, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const index = routes.findIndex(([m, p]) => m === method && (typeof p === 'string' ? p === url.pathname : p.test(url.pathname)));
    let answer: Answer = [404, { message: 'Not found' }];
    if (index >= 0) {
      const nth = hits.get(index) ?? 0;
      hits.set(index, nth + 1);
      const respond = routes[index]![2];
      answer = typeof respond === 'function' ? respond(call, nth) : respond;
    }
    const [status, payload] = answer;
    const text = payload === undefined ? null : typeof payload === 'string' ? payload : JSON.stringify(payload);
    const type = typeof payload === 'string' ? 'text/csv' : 'application/json';
    return Promise.resolve(new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': type } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one method and path. */
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}
