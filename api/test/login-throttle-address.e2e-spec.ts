import { startTestApp, type TestApp } from './support/test-app';

// Its own file: the app trusts X-Forwarded-For here, to stand in for callers on several addresses.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_THROTTLE_MAX_PER_ADDRESS: '3', LOGIN_THROTTLE_MAX_PER_ACCOUNT: '100' });
});
afterAll(() => t.close());

it('throttles one address after repeated failures, while other addresses still sign in', async () => {
  const from = (address: string, email: string, password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });
  for (const email of ['a1@x.example', 'a2@x.example', 'a3@x.example']) expect((await from('10.0.0.9', email, 'mal-1234')).status).toBe(401);
  const blocked = await from('10.0.0.9', 'jefe@norte.example', 'Planta2026!');
  expect(blocked.status).toBe(429);
  expect(blocked.body.error).toBe('Too Many Requests');
  expect((await from('10.0.0.10', 'jefe@norte.example', 'Planta2026!')).status).toBe(200);
});
