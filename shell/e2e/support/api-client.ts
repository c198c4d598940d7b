import { baseUrl, PASSWORD } from './browser';

interface SessionAnswer {
  access_token: string;
  user: { data: { settings?: unknown; shortcuts?: string[] } };
}

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /api/${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The user's stored settings (language, layout…) and shortcuts persist on the server and so
 * outlive a browser context: a test that changes them puts them back, so that other tests see the
 * seeded state.
 */
export async function keepUserSettings(email: string): Promise<() => Promise<void>> {
  const before = await call<SessionAnswer>('auth/login', { email, password: PASSWORD });
  const { settings = {}, shortcuts = [] } = before.user.data;
  return async () => {
    const now = await call<SessionAnswer>('auth/login', { email, password: PASSWORD });
    await call('auth/user/update', { user: { data: { settings, shortcuts } } }, now.access_token);
  };
}

/** Stores the user's shortcuts (navigation item ids) through the API. */
export async function setShortcuts(email: string, shortcuts: string[]): Promise<void> {
  const session = await call<SessionAnswer>('auth/login', { email, password: PASSWORD });
  await call('auth/user/update', { user: { data: { shortcuts } } }, session.access_token);
}

/** A call to the API as one of the demo accounts (signed in through the API). */
export async function apiAs<T = unknown>(email: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const session = await call<SessionAnswer>('auth/login', { email, password: PASSWORD });
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Stores settings (deep-merged by the portal, replaced here) in the user's profile through the API. */
export async function setUserSettings(email: string, settings: Record<string, unknown>): Promise<void> {
  const session = await call<SessionAnswer>('auth/login', { email, password: PASSWORD });
  await call('auth/user/update', { user: { data: { settings } } }, session.access_token);
}

/** The settings kept in the user's profile on the server. */
export async function storedUserSettings(email: string): Promise<unknown> {
  const session = await call<SessionAnswer>('auth/login', { email, password: PASSWORD });
  return session.user.data.settings ?? {};
}
