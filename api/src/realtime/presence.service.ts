import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { isColleague, liveEvents, messages } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { RealtimeService } from './realtime.service';

interface Member {
  userId: number;
  companyId: number;
}

/** Who a socket is signed in as: the member it counts for, if a colleague (a guest account is seen by nobody, issue 36). */
type SocketIdentity = Pick<RequestIdentity, 'userId' | 'companyId' | 'roles'>;
const memberOf = ({ userId, companyId, roles }: SocketIdentity): Member | undefined => (isColleague(roles) ? { userId, companyId } : undefined);

// A presence row counts while its process has beaten within the time to live ($ttl ms).
const alive = (ttl: string) =>
  `exists (select 1 from realtime_process r where r.id = p.process_id and r.last_seen > now() - ${ttl} * interval '1 millisecond')`;

/**
 * Who is connected, across API processes: a row per socket in `presence`, a row per process in
 * `realtime_process` beaten every heartbeat. A process that dies stops beating; after the time
 * to live any process sweeps its rows and announces the users who thereby went offline.
 * Online/offline are decided under a per-user advisory lock, so that a user's first socket and
 * last socket are each announced once even when they come and go on different processes.
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Presence');
  readonly processId = randomUUID();
  /** This process's connections, each with the member it counts for (null: a guest account's). */
  private readonly local = new Map<string, Member | null>();
  /** The presence work still running per connection (see inOrder). */
  private readonly queues = new Map<string, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.tenantDb.system((manager) => manager.query(`insert into realtime_process (id) values ($1)`, [this.processId]));
    // Rows of processes that died since the last start are cleared now, not a heartbeat later.
    await this.sweep();
    this.timer = setInterval(
      () => void this.beat().catch((error: Error) => this.logger.warn(`Heartbeat failed: ${error.message}`)),
      this.config.realtime.heartbeatMs,
    );
    this.timer.unref();
  }

  /** This process's sockets leave with it; their users go offline unless connected elsewhere. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    try {
      const gone = await this.tenantDb.system(async (manager) => {
        await manager.query(`delete from realtime_process where id = $1`, [this.processId]);
        return manager.query(
          `with gone as (delete from presence where process_id = $1 returning company_id, user_id) select distinct company_id, user_id from gone`,
          [this.processId],
        );
      });
      await this.announceGone(gone);
    } catch (error) {
      this.logger.warn(`Presence clean-up at shutdown failed: ${(error as Error).message}`);
    }
  }

  connect(connectionId: string, identity: SocketIdentity): Promise<void> {
    const member = memberOf(identity);
    this.local.set(connectionId, member ?? null);
    if (!member) return Promise.resolve();
    return this.inOrder(connectionId, () => this.register(connectionId, member));
  }

  disconnect(connectionId: string): Promise<void> {
    const member = this.local.get(connectionId);
    this.local.delete(connectionId);
    if (!member) return Promise.resolve();
    return this.inOrder(connectionId, () => this.unregister(connectionId, member));
  }

  /**
   * A socket moved to another company (a company switch) or its user's roles changed: offline
   * where it counted, online where it counts now (a guest account nowhere), each when it is the
   * user's last or first.
   */
  move(connectionId: string, identity: SocketIdentity): Promise<void> {
    // Gone meanwhile: nothing to move.
    if (!this.local.has(connectionId)) return Promise.resolve();
    const before = this.local.get(connectionId);
    const after = memberOf(identity);
    if (before?.companyId === after?.companyId && before?.userId === after?.userId) return Promise.resolve();
    this.local.set(connectionId, after ?? null);
    return this.inOrder(connectionId, async () => {
      if (before) await this.unregister(connectionId, before);
      if (after) await this.register(connectionId, after);
    });
  }

  /**
   * Runs the presence work of one connection after the work queued before it: a socket cut (or
   * moved) right after it connected must not have its row inserted after it was removed.
   */
  private inOrder(connectionId: string, work: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(connectionId) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.queues.set(connectionId, next);
    const forget = () => {
      if (this.queues.get(connectionId) === next) this.queues.delete(connectionId);
    };
    next.then(forget, forget);
    return next;
  }

  private async unregister(connectionId: string, member: Member): Promise<void> {
    if (this.stopping) return;
    const wentOffline = await this.decide(member, async (manager) => {
      const removed: unknown[] = await manager.query(`with gone as (delete from presence where connection_id = $1 returning 1) select * from gone`, [
        connectionId,
      ]);
      return removed.length > 0 && (await this.liveCount(manager, member)) === 0;
    });
    if (wentOffline) await this.announce(member, false);
  }

  /** The users of a company with a live socket signed in to it (in `scopeOfCompany`, a transaction of that company, when given). */
  async onlineUserIds(companyId: number, scopeOfCompany?: EntityManager): Promise<Set<number>> {
    const read = (manager: EntityManager): Promise<{ user_id: number }[]> =>
      manager.query(`select distinct user_id from presence p where p.company_id = $1 and ${alive('$2')}`, [companyId, this.config.realtime.presenceTtlMs]);
    const rows = scopeOfCompany ? await read(scopeOfCompany) : await this.tenantDb.transaction(({ manager }) => read(manager), companyId);
    return new Set(rows.map((row) => row.user_id));
  }

  private async register(connectionId: string, member: Member): Promise<void> {
    const wentOnline = await this.decide(member, async (manager) => {
      const before = await this.liveCount(manager, member);
      await manager.query(
        `insert into presence (connection_id, process_id, company_id, user_id) values ($1, $2, $3, $4) on conflict (connection_id) do nothing`,
        [connectionId, this.processId, member.companyId, member.userId],
      );
      return before === 0;
    });
    if (wentOnline) await this.announce(member, true);
  }

  private async beat(): Promise<void> {
    const [{ beaten }]: { beaten: number }[] = await this.tenantDb.system((manager) =>
      manager.query(`with beat as (update realtime_process set last_seen = now() where id = $1 returning 1) select count(*)::int as beaten from beat`, [
        this.processId,
      ]),
    );
    if (beaten === 0) {
      // Swept as dead after a stall: come back, with the sockets still connected here.
      this.logger.warn('This process was taken for dead; registering its sockets again');
      await this.tenantDb.system((manager) => manager.query(`insert into realtime_process (id) values ($1) on conflict (id) do nothing`, [this.processId]));
      for (const [connectionId, member] of this.local) if (member) await this.register(connectionId, member);
    }
    await this.sweep();
  }

  /** Removes the rows of processes silent for longer than the time to live. */
  private async sweep(): Promise<void> {
    const gone = await this.tenantDb.system(async (manager) => {
      await manager.query(`delete from realtime_process where last_seen < now() - $1 * interval '1 millisecond'`, [this.config.realtime.presenceTtlMs]);
      return manager.query(
        `with gone as (delete from presence p where not exists (select 1 from realtime_process r where r.id = p.process_id) returning company_id, user_id)
         select distinct company_id, user_id from gone`,
      );
    });
    await this.announceGone(gone);
  }

  private async announceGone(gone: { company_id: number; user_id: number }[]): Promise<void> {
    for (const { company_id: companyId, user_id: userId } of gone) {
      const member = { companyId, userId };
      if (await this.decide(member, async (manager) => (await this.liveCount(manager, member)) === 0)) await this.announce(member, false);
    }
  }

  /** Runs `work` in the member's company under the member's lock. */
  private decide(member: Member, work: (manager: EntityManager) => Promise<boolean>): Promise<boolean> {
    return this.tenantDb.transaction(async ({ manager }) => {
      await manager.query(`select pg_advisory_xact_lock($1, $2)`, [member.companyId, member.userId]);
      return work(manager);
    }, member.companyId);
  }

  private async liveCount(manager: EntityManager, { companyId, userId }: Member): Promise<number> {
    const [{ live }]: { live: number }[] = await manager.query(
      `select count(*)::int as live from presence p where p.company_id = $1 and p.user_id = $2 and ${alive('$3')}`,
      [companyId, userId, this.config.realtime.presenceTtlMs],
    );
    return live;
  }

  private async announce({ companyId, userId }: Member, online: boolean): Promise<void> {
    const [user]: { display_name: string }[] = await this.tenantDb.system((manager) =>
      manager.query(`select display_name from app_user where id = $1`, [userId]),
    );
    const name = user?.display_name ?? '';
    this.realtime.toCompany(companyId, online ? liveEvents.userIsOnline : liveEvents.userIsOffline, {
      userId,
      text: online ? messages.userIsOnline(name) : messages.userIsOffline(name),
      variant: 'info',
    });
  }
}
