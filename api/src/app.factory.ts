import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { BadRequestException, type INestApplication, PayloadTooLargeException, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { messages, NOT_PROCESSED_HEADER } from '@planta/contracts';
import { AppModule } from './app.module';
import { apiErrorBody } from './common/api-error';
import { answerMethodNotAllowed } from './common/method-not-allowed';
import { IdempotencyInterceptor } from './common/idempotency.interceptor';
import type { AppConfig } from './config/app-config';
import { ApiDocument } from './health/api-docs.controller';
import { buildApiDocument } from './health/api-document';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter';
import { RequestDrain } from './shutdown/request-drain';
import { registerSecurityHeaders } from './web/security-headers';
import { remoteOrigins, serveWebApps } from './web/web-apps';

const HANDLED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const API_PATH = /^\/api(\/|\?|$)/;
/** Longer than any URL Node reads (its headers are 16 KB at most). */
const MAX_PATH_PARAMETER_LENGTH = 16 * 1024;

/** Runs in the docs page (serialised by Swagger UI's set-up): adds the portal's stored token to its requests. */
function withPortalToken(request: { headers: Record<string, string> }) {
  const token = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('jwt_access_token');
  if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
  return request;
}

const UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** '1mb', '512kb', '2048' (bytes) as bytes. */
export function bytesOf(limit: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!match) throw new Error(`BODY_LIMIT must be a size such as 1mb or 512kb, not "${limit}"`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
}

/**
 * A request body as text, refused with the API's 413 past `limit` bytes (declared or sent). The
 * rest of a refused body is read and dropped, so that the answer reaches the client.
 */
function readBody(payload: Readable, declaredLength: string | undefined, limit: number, limitText: string): Promise<string> {
  const tooLarge = () => new PayloadTooLargeException(`El cuerpo de la solicitud supera ${limitText}`);
  return new Promise((resolve, reject) => {
    if (Number(declaredLength) > limit) {
      payload.resume();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= limit) return void chunks.push(chunk);
      payload.off('data', onData);
      payload.resume();
      reject(tooLarge());
    };
    payload.on('data', onData);
    payload.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    payload.once('error', reject);
  });
}

/** The configured API application, not yet listening (tests drive it directly). */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: { logger?: false; extraModules?: Type[]; serveWebApps?: boolean } = {},
): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    // As Express matched routes: with or without a trailing slash. A path parameter of any length
    // reaches the route's contract, which refuses it in Spanish on its field (not Fastify's English 414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // An address Fastify cannot read (a broken percent-encoding) is refused in the API's error shape, in Spanish.
    frameworkErrors: (_error: unknown, _request: unknown, reply: FastifyReply) => void reply.code(400).send(apiErrorBody(400, messages.invalidAddress)),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl, options.extraModules), adapter, {
    bodyParser: false,
    ...(options.logger === false ? { logger: false } : {}),
  });
  const fastify = app.getHttpAdapter().getInstance();
  // First of all: while the API shuts down, requests still arriving are refused (503) and those in flight are counted.
  fastify.addHook('onRequest', app.get(RequestDrain).onRequest);
  // Methods nothing here answers (TRACE, PROPFIND, …) get the API's error shape, and the methods it does answer.
  // API answers carry personal data and tokens: no browser or proxy keeps a copy.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!HANDLED_METHODS.has(request.method)) {
      return void reply
        .code(405)
        .header('Allow', [...HANDLED_METHODS].join(', '))
        .send(apiErrorBody(405, messages.methodNotAllowed));
    }
    if (API_PATH.test(request.url)) reply.header('Cache-Control', 'no-store');
    done();
  });
  answerMethodNotAllowed(fastify, API_PATH);
  // A key's answer is kept before it is sent (issue 17).
  fastify.addHook('onSend', app.get(IdempotencyInterceptor).onSend);
  // Bodies: JSON (objects and arrays, as Express's parser took them), errors in the API's words;
  // any other type is read within the limit and left out, so that validation names what is missing.
  const limit = bytesOf(config.bodyLimit);
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', (request, payload, done) => {
    readBody(payload, request.headers['content-length'], limit, config.bodyLimit).then(
      (text) => {
        const json = text.trimStart();
        if (json === '') return done(null, {});
        try {
          if (json[0] !== '{' && json[0] !== '[') throw new SyntaxError('not an object or array');
          done(null, JSON.parse(json));
        } catch {
          done(new BadRequestException('El cuerpo de la solicitud no es un JSON válido'), undefined);
        }
      },
      (error: Error) => done(error, undefined),
    );
  });
  fastify.addContentTypeParser('*', (request, payload, done) => {
    readBody(payload, request.headers['content-length'], limit, config.bodyLimit).then(
      () => done(null, undefined),
      (error: Error) => done(error, undefined),
    );
  });
  // Photos and documents (files/uploads.ts reads them, with their limits).
  await app.register(fastifyMultipart);
  await registerSecurityHeaders(app, remoteOrigins(config.remotes));
  // Tokens travel in the Authorization header, never in cookies: no Access-Control-Allow-Credentials,
  // and CORS headers only for the configured origins.
  // A remote on another origin must read when to retry and whether a refused write was not processed.
  app.enableCors({ origin: config.corsOrigins, exposedHeaders: ['Retry-After', NOT_PROCESSED_HEADER] });
  app.setGlobalPrefix('api');
  if (options.serveWebApps !== false) await serveWebApps(app, config.remotes);
  // No enableShutdownHooks(): main.ts handles the signals and app.close() runs every shutdown hook;
  // Nest's own signal handler would race it and re-raise the signal before main.ts exits cleanly.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, config));

  app.get(ApiDocument).document = buildApiDocument(app);
  if (config.apiDocs !== 'off') {
    // The page is only the viewer: it loads the document from /api/docs-json with the token the
    // portal keeps for the signed-in user, so the description is not public.
    SwaggerModule.setup('api/docs', app, () => undefined as unknown as OpenAPIObject, {
      raw: false,
      customSiteTitle: 'Planta API',
      swaggerOptions: { url: '/api/docs-json', persistAuthorization: true, requestInterceptor: withPortalToken },
    });
  }

  await app.init();
  // Routes and hooks are in place: Fastify answers from now on (the tests call the server without listen()).
  await fastify.ready();
  return app;
}
