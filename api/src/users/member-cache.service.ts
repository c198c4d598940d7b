import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ACCESS_CHANGED_CHANNEL } from '../database/access-changes';
import { ListenPool } from '../database/listen-pool';
import { NotifiedCache } from '../database/notified-cache';
import { type ActiveMember, UsersService } from './users.service';

const MAX_MEMBERS = 20_000;

const memberKey = (userId: number, companyId: number) => `${userId}:${companyId}`;

/**
 * Who a token's subject is in its company (UsersService.activeMember), read once and kept until
 * the database announces a change of that user: deactivation, a membership or role taken or
 * given, a new email or password state, their company deactivated (the triggers of
 * ACCESS_CHANGED_CHANNEL, whichever process or person made the change). So an authenticated call
 * costs no query for its identity, and access still follows every change at once. A process that
 * makes such a change also forgets it itself (`forgetUser`), not waiting for its own
 * notification. Only members are kept: a refused token is checked again each time. A change made
 * with the triggers off is still seen within `realtime.accessCheckMs`, as by the open sockets
 * (realtime-access.service.ts): no member is kept longer.
 */
@Injectable()
export class MemberCache implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly members: NotifiedCache<ActiveMember | null>;
  private stopListening?: () => void;

  constructor(
    private readonly users: UsersService,
    private readonly pool: ListenPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.members = new NotifiedCache({ ttlMs: config.realtime.accessCheckMs, maxEntries: MAX_MEMBERS, keep: (member) => member !== null });
  }

  onApplicationBootstrap(): void {
    this.stopListening = this.pool.listen(
      ACCESS_CHANGED_CHANNEL,
      'Member cache',
      (payload) => this.forgetUser(Number(payload)),
      // Changes may have been missed while the connection was lost.
      () => this.members.clear(),
    );
  }

  beforeApplicationShutdown(): void {
    this.stopListening?.();
  }

  activeMember(userId: number, companyId: number): Promise<ActiveMember | null> {
    if (!Number.isSafeInteger(userId) || userId <= 0) return Promise.resolve(null);
    return this.members.get(memberKey(userId, companyId), () => this.users.activeMember(userId, companyId));
  }

  forgetUser(userId: number): void {
    const prefix = `${userId}:`;
    this.members.forget((key) => key.startsWith(prefix));
  }

  /** Every member of every company (a company deactivated: its members are not known here). */
  forgetAll(): void {
    this.members.clear();
  }
}
