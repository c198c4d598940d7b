import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { liveEvents, type AccessRevokedPayload } from '@planta/contracts';
import { sessionHolds } from '../auth/session-version';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ACCESS_CHANGED_CHANNEL } from '../database/access-changes';
import type { RequestIdentity } from '../tenancy/request-context';
import { UsersService } from '../users/users.service';
import { PresenceService } from './presence.service';
import { ListenPool } from '../database/listen-pool';
import type { PlantaServer, PlantaSocket } from './realtime-socket';
import { roomsOf } from './realtime.service';

/** The longest a timer can wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Notifications that arrive together (a company's members removed at once) are checked in one query. */
const BATCH_MS = 20;

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role, index) => role === b[index]);

/**
 * Live access follows the user, as HTTP does on every call: a socket hears a company only while
 * its user is an active member of it and its session was not ended by a password change or reset,
 * and with the user's current roles. Checked for every
 * socket of this process in one query every `accessCheckMs`, and for one user at once whenever the
 * database announces a change of theirs (ACCESS_CHANGED_CHANNEL: triggers fire whichever process
 * or person made it). A socket that lost access is told why (`accessRevoked`) and cut; one whose
 * roles changed stays and is told to fetch its grants again.
 */
@Injectable()
export class RealtimeAccess implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private server?: PlantaServer;
  private timer?: NodeJS.Timeout;
  private stopListening?: () => void;
  private stopped = false;
  private sweeping = false;
  private readonly changedUsers = new Set<number>();
  private batch?: NodeJS.Timeout;

  constructor(
    private readonly users: UsersService,
    private readonly pool: ListenPool,
    private readonly presence: PresenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  attach(server: PlantaServer): void {
    this.server = server;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.realtime.accessCheckMs);
    this.timer.unref();
    // After a lost connection everything is checked: changes may have been missed.
    this.stopListening = this.pool.listen(
      ACCESS_CHANGED_CHANNEL,
      'Access change listener',
      (payload) => this.userChanged(Number(payload)),
      () => void this.sweep(),
    );
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.stopListening?.();
    clearTimeout(this.batch);
  }

  /** A socket that has just connected: its token's rooms, and its end when the token expires. */
  admit(socket: PlantaSocket): void {
    this.scope(socket, socket.data.identity, socket.data.expiresAt);
  }

  /** The socket's user brought a new token (a company switch, a renewed session): the socket moves to it. */
  async renew(socket: PlantaSocket, identity: RequestIdentity, expiresAt: number | undefined): Promise<void> {
    this.scope(socket, identity, expiresAt);
    // Presence follows the company and the roles (a guest account is seen by nobody).
    await this.presence.move(socket.id, identity);
  }

  /** Checks every socket of this process (`userIds`: only those users' sockets) against the database, in one query. */
  async check(userIds?: ReadonlySet<number>): Promise<void> {
    if (!this.server) return;
    const checked = [...this.server.of('/').sockets.values()]
      .filter((socket) => socket.data.identity && (!userIds || userIds.has(socket.data.identity.userId)))
      .map((socket) => ({ socket, identity: socket.data.identity }));
    if (checked.length === 0) return;
    const key = (userId: number, companyId: number) => `${userId}:${companyId}`;
    const pairs = new Map(checked.map(({ identity }) => [key(identity.userId, identity.companyId), identity]));
    const members = await this.users.activeMembers([...pairs.values()]);
    const memberOf = new Map(members.map((member) => [key(member.id, member.companyId), member]));
    for (const { socket, identity } of checked) {
      // Moved to another token or gone while the query ran: the answer is not about it any more.
      if (socket.data.identity !== identity || socket.disconnected) continue;
      const member = memberOf.get(key(identity.userId, identity.companyId));
      if (!member) {
        this.logger.log(`Socket ${socket.id} of user ${identity.userId} cut: no longer an active member of company ${identity.companyId}`);
        this.revoke(socket, 'access-revoked');
      } else if (identity.session && !sessionHolds(identity.session, member)) {
        this.logger.log(`Socket ${socket.id} of user ${identity.userId} cut: its session ended with a password change or reset`);
        this.revoke(socket, 'access-revoked');
      } else if (!sameRoles(member.roles, identity.roles)) {
        // Rooms and presence follow the roles: a guest account hears no company event (issue 36).
        this.scope(socket, { ...identity, roles: member.roles }, socket.data.expiresAt);
        this.presence.move(socket.id, socket.data.identity).catch((error: Error) => this.logger.warn(`Presence of socket ${socket.id}: ${error.message}`));
        socket.emit(liveEvents.grantsChanged, { company_id: identity.companyId });
      }
    }
  }

  private revoke(socket: PlantaSocket, reason: AccessRevokedPayload['reason']): void {
    socket.emit(liveEvents.accessRevoked, { reason });
    socket.disconnect(true);
  }

  /** Puts the socket in exactly the rooms of `identity` and times its end at the token's expiry. */
  private scope(socket: PlantaSocket, identity: RequestIdentity, expiresAt: number | undefined): void {
    const wanted = roomsOf(identity);
    for (const room of [...socket.rooms]) if (room !== socket.id && !wanted.includes(room)) void socket.leave(room);
    // Synchronously, so the rooms are in place before anything can be emitted to them.
    void socket.join(wanted);
    socket.data.identity = identity;
    socket.data.expiresAt = expiresAt;
    clearTimeout(socket.data.expiry);
    if (expiresAt) {
      socket.data.expiry = setTimeout(() => this.revoke(socket, 'token-expired'), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
    }
  }

  private async sweep(): Promise<void> {
    // A slow database must not pile sweeps up; the next tick tries again.
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      await this.check();
    } catch (error) {
      // Unreachable database: sockets keep what they had until it answers (never cut for that).
      this.logger.warn(`Access check failed: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  private userChanged(userId: number): void {
    if (!Number.isSafeInteger(userId)) return;
    this.changedUsers.add(userId);
    this.batch ??= setTimeout(() => {
      this.batch = undefined;
      const users = new Set(this.changedUsers);
      this.changedUsers.clear();
      this.check(users).catch((error: Error) => this.logger.warn(`Access check of users ${[...users].join(', ')} failed: ${error.message}`));
    }, BATCH_MS);
  }
}
