import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown };
type Reply = Answer | Promise<Answer>;
type Handler = (request: { body: unknown; init: RequestInit }) => Reply;

/**
 * Replaces fetch (the network boundary) for a component test: `routes` maps 'METHOD /path'
 * to a reply. An unknown call fails the test loudly. Returns the mock, to assert on calls.
 */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (route === undefined) throw new Error(`unexpected request in test: ${key}`);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = typeof route === 'function' ? route({ body, init }) : route;
    const { status = 200, body: payload } = await reply;
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The error body of the API: { error: { code, message } }. */
export function apiError(status: number, code: string, message: string) {
  return { status, body: { error: { code, message } } };
}

/** A request that never answers, to look at loading states. */
export function pending(): Promise<never> {
  return new Promise(() => {});
}

/** A request answered when the test says so (`answer`), to look at what shows meanwhile. */
export function held(): { reply: Promise<Answer>; answer: (reply: Answer) => void } {
  let answer: (reply: Answer) => void = () => {};
  const reply = new Promise<Answer>((resolve) => {
    answer = resolve;
  });
  return { reply, answer };
}
