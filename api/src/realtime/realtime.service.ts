import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import { isColleague } from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';

/** The rooms a socket is in, from its verified token (RealtimeAccess keeps them so). */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  /** The company's colleagues: presence, indicators and boards are theirs, not a guest account's (issue 36). */
  company: (companyId: number) => `company:${companyId}`,
  /** Every socket signed in to the company, a guest account's too: what concerns every session (grantsChanged). */
  everyone: (companyId: number) => `company:${companyId}:everyone`,
  /** The user's sockets signed in to that company: company data must not reach their other sessions. */
  member: (companyId: number, userId: number) => `company:${companyId}:user:${userId}`,
};

/** Every room of one signed-in user's socket: the company's own only for a colleague. */
export const roomsOf = ({ userId, companyId, roles }: Pick<RequestIdentity, 'userId' | 'companyId' | 'roles'>): string[] => [
  rooms.user(userId),
  rooms.everyone(companyId),
  rooms.member(companyId, userId),
  ...(isColleague(roles) ? [rooms.company(companyId)] : []),
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

  /** To the company's colleagues (guest accounts hear only what is theirs). */
  toCompany(companyId: number, event: string, payload: unknown): void {
    this.emit(rooms.company(companyId), event, payload);
  }

  /** To every session signed in to the company, guest accounts' included. */
  toEveryoneIn(companyId: number, event: string, payload: unknown): void {
    this.emit(rooms.everyone(companyId), event, payload);
  }

  /**
   * To this process's sockets of a company's colleagues only: for events every process raises itself (each
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
