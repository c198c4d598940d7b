import type { FastifyInstance } from 'fastify';
import { messages } from '@planta/contracts';
import { apiErrorBody } from './api-error';

/** A route's path as a pattern of its concrete paths: `:id` one segment, `*` the rest; a trailing slash either way. */
function patternOf(url: string): RegExp {
  const pattern = url
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * A method an API path does not answer, on a path that answers others, is a 405 with the methods
 * it answers in `Allow` (issue 36), in the API's error shape, rather than a 404 that says the path
 * does not exist. Learns each route as it is added (call before the routes are mounted).
 */
export function answerMethodNotAllowed(fastify: FastifyInstance, apiPath: RegExp): void {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  fastify.addHook('onRoute', (route) => {
    if (!apiPath.test(route.url)) return;
    const pattern = patternOf(route.url);
    let known = routes.find((candidate) => candidate.pattern.source === pattern.source);
    if (!known) routes.push((known = { pattern, methods: new Set() }));
    for (const method of [route.method].flat()) known.methods.add(method);
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0];
    if (!request.is404 || !apiPath.test(path)) return done();
    const allowed = [...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => [...route.methods]))].sort();
    if (allowed.length === 0) return done();
    void reply
      .code(405)
      .header('Allow', allowed.join(', '))
      .send(apiErrorBody(405, messages.methodNotAllowedHere(allowed)));
  });
}
