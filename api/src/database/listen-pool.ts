import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool, type PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/** How long a lost LISTEN waits before listening again. */
const RELISTEN_MS = 1_000;

/**
 * The LISTENs held for the process's life (the holders below), and room beside them for the
 * adapter's own queries (what it notifies, its cleanup).
 */
const LISTENS = 6;
const ADAPTER_QUERIES = 2;

/**
 * The connections to the app's PostgreSQL that wait for notifications: the socket.io adapter holds
 * one for LISTEN all the time, and so do the access check of open sockets
 * (realtime-access.service.ts), the indicators' live changes (indicators-live.service.ts), the
 * caches of who may do what (auth/member-cache.service.ts, permissions/grant-cache.service.ts)
 * and the list totals (tenancy/list-counts.service.ts); they must not be taken from the request
 * pool. A new holder counts itself in LISTENS. Ended after the socket server closed.
 */
@Injectable()
export class ListenPool implements OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private readonly pool: Pool;
  private readonly checkedOut = new Set<PoolClient>();
  private closed = false;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.pool = new Pool({ connectionString: (dataSource.options as { url?: string }).url, max: LISTENS + ADAPTER_QUERIES, connectionTimeoutMillis: 10_000 });
    // An idle client losing its server must not crash the process; the adapter reconnects.
    this.pool.on('error', (error) => this.logger.warn(`Realtime database connection: ${error.message}`));
  }

  /**
   * What the adapter is given instead of the pool. The adapter reconnects its LISTEN client
   * whenever the connection drops, with no end: after shutdown `connect` never answers, which
   * stops that loop, and clients it still holds (one left from a lost connection) are destroyed.
   */
  readonly forAdapter = {
    query: (text: string, values?: unknown[]) => this.pool.query(text, values),
    connect: async (): Promise<PoolClient> => {
      if (this.closed) return new Promise<PoolClient>(() => undefined);
      const client = await this.pool.connect();
      // A connection asked for just before shutdown and granted after it would never be
      // released, and the pool's end waits for every client it has given out.
      if (this.closed) {
        client.release(true);
        return new Promise<PoolClient>(() => undefined);
      }
      const release = client.release.bind(client);
      this.checkedOut.add(client);
      // Released once: when its server goes away, both the 'error' and the 'end' of a LISTEN
      // client lead to a release, and pg throws on the second (an uncaught error, which would stop the API).
      let released = false;
      client.release = (destroy?: boolean | Error) => {
        if (released) return;
        released = true;
        this.checkedOut.delete(client);
        release(destroy);
      };
      // A checked-out client has no listener of the pool's: an error before its holder listens
      // (a cut during its LISTEN) would be unhandled and stop the API. Ended, it gives its slot
      // back: the pool counts it until released, and holders that reconnect never release it.
      client.on('error', (error) => this.logger.warn(`Realtime database connection: ${error.message}`));
      client.once('end', () => client.release(true));
      return client;
    },
  } as unknown as Pool;

  /** A connection to hold for a LISTEN, on the same terms as the adapter's (never answers after shutdown). */
  listenClient(): Promise<PoolClient> {
    return this.forAdapter.connect();
  }

  /**
   * Listens on `channel` while the process runs: each notification's payload goes to `heard`.
   * A lost connection is listened again a second later, then `relistened` runs (notifications may
   * have been missed meanwhile). Returns what stops it.
   */
  listen(channel: string, label: string, heard: (payload: string | undefined) => void, relistened?: () => void): () => void {
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const later = () => {
      if (stopped || this.closed) return;
      clearTimeout(retry);
      retry = setTimeout(() => void start(true), RELISTEN_MS);
      retry.unref();
    };
    const start = async (afterLoss: boolean) => {
      if (stopped || this.closed) return;
      let client: PoolClient | undefined;
      try {
        client = await this.listenClient();
        client.on('error', (error) => this.logger.warn(`${label}: ${error.message}`));
        client.on('notification', ({ payload }) => heard(payload));
        client.once('end', later);
        await client.query(`listen ${channel}`);
        if (afterLoss) relistened?.();
      } catch (error) {
        this.logger.warn(`${label} could not start: ${(error as Error).message}`);
        client?.removeAllListeners('end');
        client?.release(true);
        later();
      }
    };
    void start(false);
    return () => {
      stopped = true;
      clearTimeout(retry);
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const client of this.checkedOut) {
      client.removeAllListeners('end');
      client.release(true);
    }
    await this.pool.end().catch(() => undefined);
  }
}
