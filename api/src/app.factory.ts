import { BadRequestException, type INestApplication, PayloadTooLargeException, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter';
import { remoteOrigins, serveWebApps } from './web/web-apps';

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
  app.enableCors({ origin: config.corsOrigins, credentials: true });
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
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  await app.init();
  return app;
}
