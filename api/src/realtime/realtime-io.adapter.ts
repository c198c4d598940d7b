import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { PresenceService } from './presence.service';
import { ListenPool } from '../database/listen-pool';

/** Where clients find the socket server. */
export const SOCKET_PATH = '/socket.io';

/**
 * The socket server on the API's own HTTP server: configured origins only, and the PostgreSQL
 * adapter so that a room emitted to on one API process reaches its sockets on every other.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, { ...options, path: SOCKET_PATH, cors: { origin: this.config.corsOrigins } });
    server.adapter(
      createAdapter(this.app.get(ListenPool).forAdapter, {
        uid: this.app.get(PresenceService).processId,
        errorHandler: (error) => this.logger.warn(`Realtime adapter: ${error.message}`),
      }),
    );
    return server;
  }
}
