import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LIST_CHANGED_CHANNEL } from '../database/data-changes';
import { ListenPool } from '../database/listen-pool';
import { NotifiedCache } from '../database/notified-cache';

/**
 * Totals of at least this many rows are kept; smaller ones are counted on every page. A count
 * costs in proportion to the rows it matches: a few hundred are counted from an index in well
 * under a millisecond, and stay exact at every moment, while a big list (a company's 100,000
 * orders, 11,000 of them matching a search) was the count that cost a page most of its time.
 */
export const KEPT_FROM_ROWS = 1_000;

/** Lists kept per table (each one company's with one filter): memory stays bounded whatever the traffic. */
const MAX_LISTS_PER_TABLE = 2_000;

/**
 * The totals of list pages (how many rows a company's list holds with a filter), counted once and
 * kept until the database announces a write to their table (LIST_CHANGED_CHANNEL, whichever
 * process or person made it). So a page of a big list costs its rows only, and its total still
 * follows every change at once. A key is one company's: a total is never answered to another
 * company, whatever the filter. The process that writes forgets the table itself once its
 * transaction commits (TenantDb.transaction), not waiting for its own notification. A change
 * made with the triggers off is still seen within `realtime.accessCheckMs` (as MemberCache's).
 */
@Injectable()
export class ListCounts implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly tables = new Map<string, NotifiedCache<number>>();
  private readonly ttlMs: number;
  private stopListening?: () => void;

  constructor(
    private readonly pool: ListenPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.realtime.accessCheckMs;
  }

  onApplicationBootstrap(): void {
    this.stopListening = this.pool.listen(
      LIST_CHANGED_CHANNEL,
      'List counts',
      (table) => {
        if (table) this.forget(table);
      },
      // Changes may have been missed while the connection was lost.
      () => this.tables.clear(),
    );
  }

  beforeApplicationShutdown(): void {
    this.stopListening?.();
  }

  /**
   * The total of the company's list of `table` that `filter` selects (the count's own statement
   * and parameters: every condition that changes the total, and nothing else), counted by `count`
   * unless kept.
   */
  total(table: string, companyId: number, filter: string, count: () => Promise<number>): Promise<number> {
    let lists = this.tables.get(table);
    if (!lists) {
      lists = new NotifiedCache({ ttlMs: this.ttlMs, maxEntries: MAX_LISTS_PER_TABLE, keep: (total) => total >= KEPT_FROM_ROWS });
      this.tables.set(table, lists);
    }
    return lists.get(`${companyId}:${filter}`, count);
  }

  /** Every total kept of the table (a write to it), for every company. */
  forget(table: string): void {
    this.tables.get(table)?.clear();
  }

  /** How many totals are kept (a table's, or all). */
  held(table?: string): number {
    if (table !== undefined) return this.tables.get(table)?.size ?? 0;
    let held = 0;
    for (const lists of this.tables.values()) held += lists.size;
    return held;
  }
}
