import { BadRequestException, type INestApplication, PayloadTooLargeException, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { json, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { messages, NOT_PROCESSED_HEADER } from '@planta/contracts';
import { AppModule } from './app.module';
import { apiErrorBody } from './common/api-error';
import type { AppConfig } from './config/app-config';
import { ApiDocument } from './health/api-docs.controller';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter';
import { RequestDrain } from './shutdown/request-drain';
import { remoteOrigins, serveWebApps } from './web/web-apps';

const HANDLED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Runs in the docs page (serialised by Swagger UI's set-up): adds the portal's stored token to its requests. */
function withPortalToken(request: { headers: Record<string, string> }) {
  const token = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('jwt_access_token');
  if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
  return request;
}

/** The configured API application, not yet listening (tests drive it directly). */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: { logger?: false; extraModules?: Type[]; serveWebApps?: boolean } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, options.extraModules), {
    bodyParser: false,
    ...(options.logger === false ? { logger: false } : {}),
  });
  // First of all: while the API shuts down, requests still arriving are refused (503) and those in flight are counted.
  app.use(app.get(RequestDrain).middleware);
  // Methods nothing here answers (TRACE, PROPFIND, …) get the API's error shape, not Express's text.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (HANDLED_METHODS.has(request.method)) return next();
    response.setHeader('Allow', [...HANDLED_METHODS].join(', '));
    response.status(405).json(apiErrorBody(405, messages.methodNotAllowed));
  });
  // API answers carry personal data and tokens: no browser or proxy keeps a copy.
  app.use('/api', (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Body-parser failures become the API's own errors instead of raw parser messages.
  const parseJson = json({ limit: config.bodyLimit });
  app.use((request: Request, response: Response, next: NextFunction) =>
    parseJson(request, response, (error?: { status?: number }) => {
      if (!error) return next();
      next(
        error.status === 413
          ? new PayloadTooLargeException(`El cuerpo de la solicitud supera ${config.bodyLimit}`)
          : new BadRequestException('El cuerpo de la solicitud no es un JSON válido'),
      );
    }),
  );
  if (config.trustProxy) app.set('trust proxy', true);
  app.disable('x-powered-by');
  // API answers are never cached (no-store above), so an ETag (a SHA-1 of each body) would be work for nothing;
  // the web apps' files keep theirs (compressed-files.ts, express.static).
  app.set('etag', false);
  const elsewhere = remoteOrigins(config.remotes);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Remotes served from other origins (remotes map) must be allowed to load and be fetched.
          scriptSrc: ["'self'", ...elsewhere],
          connectSrc: ["'self'", ...elsewhere],
          imgSrc: ["'self'", 'data:', 'blob:', ...elsewhere],
        },
      },
    }),
  );
  // Tokens travel in the Authorization header, never in cookies: no Access-Control-Allow-Credentials,
  // and CORS headers only for the configured origins.
  // A remote on another origin must read when to retry and whether a refused write was not processed.
  app.enableCors({ origin: config.corsOrigins, exposedHeaders: ['Retry-After', NOT_PROCESSED_HEADER] });
  app.setGlobalPrefix('api');
  if (options.serveWebApps !== false) serveWebApps(app, config.remotes);
  // No enableShutdownHooks(): main.ts handles the signals and app.close() runs every shutdown hook;
  // Nest's own signal handler would race it and re-raise the signal before main.ts exits cleanly.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, config));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Planta API')
      .setDescription('Back-office API of the extrusion plant portal. Schemas come from @planta/contracts.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  app.get(ApiDocument).document = document;
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
  return app;
}
