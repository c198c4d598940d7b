/** Test helpers (not exported by the library). */

function base64Url(text: string): string {
  const bytes = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with this payload (the client never verifies signatures). */
export function fakeJwt(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A minimal fetch Response: status, statusText, headers, text(). */
export function fakeResponse(status: number, body?: unknown, statusText = '', headers: Record<string, string> = {}): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, headers: new Headers(headers), text: async () => text } as unknown as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;

export function installFetch(): FetchMock {
  const mock: FetchMock = jest.fn();
  (globalThis as { fetch: unknown }).fetch = mock;
  return mock;
}

/** The JSON body sent by the n-th call of the fetch mock. */
export function sentBody(mock: FetchMock, call = 0): unknown {
  const body = mock.mock.calls[call][1].body;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

export function sentHeaders(mock: FetchMock, call = 0): Record<string, string> {
  return mock.mock.calls[call][1].headers as Record<string, string>;
}

/** The demo operator as the API returns a signed-in user (the session's user shape). */
export function fakeOperator(id = 1, companyId = 2) {
  return {
    uuid: `u-${id}`,
    uid: `u-${id}`,
    from: 'api' as const,
    role: ['user'],
    data: {
      id,
      company_id: companyId,
      companyId,
      displayName: 'Luis',
      position: null,
      photoURL: null,
      email: 'operario@norte.example',
      settings: {},
      shortcuts: [],
    },
  };
}
