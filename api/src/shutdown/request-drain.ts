import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { messages, NOT_PROCESSED_HEADER } from '@planta/contracts';
import { apiErrorBody } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface DrainResult {
  /** Requests that were in flight when the drain began. */
  inFlight: number;
  /** Requests still unanswered when the wait ended (timed out, or cut short by a second signal). */
  abandoned: number;
  waitedMs: number;
}

/**
 * The first step of a graceful shutdown: stop accepting, and let the requests in flight finish.
 * Its hook runs before everything else: it counts the requests being answered and, once the
 * drain began, answers any request that still arrives (on a kept-alive connection) with 503,
 * Retry-After, `Connection: close` and NOT_PROCESSED_HEADER: the route never ran, so the client may
 * send it again, to the next process.
 */
@Injectable()
export class RequestDrain {
  private draining = false;
  private readonly inFlight = new Set<ServerResponse>();
  private settle?: (finished: boolean) => void;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** The first onRequest hook of the server. */
  readonly onRequest = (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const response = reply.raw;
    if (this.draining) {
      // Answered here, on the bare response: nothing after this hook runs.
      reply.hijack();
      return this.refuse(response);
    }
    this.inFlight.add(response);
    // 'close' follows the end of every response, also one whose connection was cut.
    response.once('close', () => {
      this.inFlight.delete(response);
      if (this.inFlight.size === 0) this.settle?.(true);
    });
    done();
  };

  /**
   * Stops listening, asks every answer still to come to close its connection, and resolves when the requests in flight are answered or after
   * `timeoutMs`, when the connections still open are cut.
   */
  async drain(server: Server, timeoutMs = this.config.shutdown.drainTimeoutMs): Promise<DrainResult> {
    const started = Date.now();
    this.draining = true;
    // Stop listening, but not as http's close() does, which also drops the idle kept-alive
    // connections at once: a request a client is sending on one would meet a reset, which for a
    // write cannot be told from a lost answer. Left open, such a request gets the 503 above,
    // which the client may safely repeat; the idle connections left are closed once drained.
    NetServer.prototype.close.call(server);
    for (const response of this.inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    const inFlight = this.inFlight.size;
    const finished =
      inFlight === 0 ||
      (await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        this.settle = (done) => {
          clearTimeout(timer);
          this.settle = undefined;
          resolve(done);
        };
      }));
    const abandoned = this.inFlight.size;
    if (finished) server.closeIdleConnections();
    else server.closeAllConnections();
    return { inFlight, abandoned, waitedMs: Date.now() - started };
  }

  /** Ends the wait now (a second signal): the requests still in flight are abandoned. */
  hurry(): void {
    this.settle?.(false);
  }

  private refuse(response: ServerResponse): void {
    const body = JSON.stringify(apiErrorBody(503, messages.serverRestarting));
    response.writeHead(503, {
      'Content-Length': Buffer.byteLength(body),
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(this.config.shutdown.retryAfterSeconds),
      [NOT_PROCESSED_HEADER]: 'true',
      Connection: 'close',
    });
    response.end(body);
  }
}
