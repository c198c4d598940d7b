import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'socket.io';

/** The rooms a socket is in, from its verified token (RealtimeAccess keeps them so). */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  company: (companyId: number) => `company:${companyId}`,
  /** The user's sockets signed in to that company: company data must not reach their other sessions. */
  member: (companyId: number, userId: number) => `company:${companyId}:user:${userId}`,
};

/** Every room of one signed-in user's socket. */
export const roomsOf = ({ userId, companyId }: { userId: number; companyId: number }): string[] => [
  rooms.user(userId),
  rooms.company(companyId),
  rooms.member(companyId, userId),
];

/**
 * The only place that emits live events (spec 7 names, libs/contracts `liveEvents`). Emitting
 * to a room goes through the PostgreSQL adapter, so sockets on every API process receive it.
 */
@Injectable()
export class RealtimeService {
  private readonly logger = new Logger('Realtime');
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  /** To every socket of a user or, with `companyId`, only those signed in to that company. */
  toUser(userId: number, event: string, payload: unknown, companyId?: number): void {
    this.emit(companyId === undefined ? rooms.user(userId) : rooms.member(companyId, userId), event, payload);
  }

  toCompany(companyId: number, event: string, payload: unknown): void {
    this.emit(rooms.company(companyId), event, payload);
  }

  /**
   * To this process's sockets of a company only: for events every process raises itself (each
   * hears the same database notification), which through the adapter would arrive once per process.
   */
  toCompanyHere(companyId: number, event: string, payload: unknown): void {
    if (!this.server) return this.logger.warn(`No socket server yet: ${event} not sent`);
    this.server.local.to(rooms.company(companyId)).emit(event, payload);
  }

  private emit(room: string, event: string, payload: unknown): void {
    if (!this.server) return this.logger.warn(`No socket server yet: ${event} to ${room} not sent`);
    this.server.to(room).emit(event, payload);
  }
}
