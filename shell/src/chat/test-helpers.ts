/** Test helpers of the chat and notification specs (not used by the app). */

export interface FetchCall {
  method: string;
  /** the path after /api, with its query string */
  path: string;
  body: unknown;
}

type Route = (call: FetchCall) => unknown;

/**
 * Replaces fetch with a router: `routes` maps 'METHOD path-prefix' to the JSON answer (or a
 * function of the call). Unknown calls answer 404. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, unknown | Route>): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input).replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, path, body };
    calls.push(call);
    const key = Object.keys(routes)
      .filter((route) => {
        const [routeMethod, prefix] = route.split(' ');
        return routeMethod === method && path.startsWith(prefix);
      })
      .sort((a, b) => b.length - a.length)[0];
    const answer = key === undefined ? undefined : routes[key];
    const value = await (typeof answer === 'function' ? (answer as Route)(call) : answer);
    const status = key === undefined ? 404 : 200;
    const text = value === undefined ? (status === 404 ? JSON.stringify({ statusCode: 404, message: 'Not Found' }) : '') : JSON.stringify(value);
    return { ok: status === 200, status, statusText: '', text: async () => text } as unknown as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return calls;
}
