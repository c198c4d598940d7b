// Shared by the benchmarks under bench/.
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the API at `base` answers its health check (a minute at most). */
export async function waitForApi(base) {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (attempt > 240) throw new Error('API did not start');
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Signs a demo account in; the login answer (access_token, user). */
export async function signIn(base, email) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Planta2026!' }),
  });
  return response.json();
}

/**
 * GETs for load tests: node:http on kept-alive connections, at most `connections` per origin.
 * Lighter than fetch (undici), whose own work per request took CPU from the API and PostgreSQL
 * on the cores they share with the load: resolves with the status, the body read and dropped.
 */
export function loadClient(connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return (url, headers = {}) =>
    new Promise((resolve, reject) => {
      const request = httpRequest(url, { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
}
