import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type FindOptionsOrder, type FindOptionsWhere, type DeepPartial, type QueryRunner } from 'typeorm';
import { INT4_MAX, messages, type ListQuery } from '@planta/contracts';
import { labelMatchConditions, labelSortExpression, type LabelledColumns } from '../common/list-labels';
import { containsFoldedSql } from '../common/text-search';
import { SYSTEM_SETTING, TENANT_SETTING } from '../database/tenant-policy';
import type { CompanyOwnedEntity } from './company-owned.entity';
import { ListCounts } from './list-counts.service';
import { requestContext } from './request-context';
import { TENANT_READS } from './tenant-reads';

type Where<T> = FindOptionsWhere<T> | FindOptionsWhere<T>[];

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PagingRules<T> {
  /** Columns matched (anywhere, accents and case aside) by the search term. */
  searchable: (keyof T & string)[];
  /** Columns shown by a label: the search also finds the values whose label matches, and they sort by label. */
  labelled?: (keyof T & string)[];
  /** Of the labelled columns, those holding a set of values. */
  labelledSets?: (keyof T & string)[];
  /** Columns the list may be sorted by; anything else falls back to the first. */
  sortable: (keyof T & string)[];
  /** Columns that order rows the sort leaves equal, before the id. */
  thenBy?: (keyof T & string)[];
}

/**
 * The one way to company-owned data. Every query runs bound to a company, in a transaction or, for
 * reads, on a read-only connection holding the company (`read`): the repository adds the company
 * to every filter and insert, and PostgreSQL's row-level security (database/tenant-policy.ts)
 * refuses any row of another company should a query slip through.
 */
@Injectable()
export class TenantDb {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(TENANT_READS) private readonly reads: DataSource,
    private readonly listCounts: ListCounts,
  ) {}

  /**
   * Several operations in one transaction, for the active company of the current request. Once it
   * commits, the list totals kept of the tables its repositories wrote are forgotten in this
   * process (ListCounts): the writer's next page is exact without waiting for its own notification.
   */
  transaction<T>(work: (scope: TenantScope) => Promise<T>, companyId = requestContext.current().companyId): Promise<T> {
    // Inlined, so that it travels with the transaction's start.
    if (!isCompany(companyId)) return Promise.reject(noCompany(companyId));
    const written = new Set<string>();
    return this.inTransaction(`select set_config('${TENANT_SETTING}', '${companyId}', true)`, (manager) =>
      work(new TenantScope(manager, companyId, undefined, written)),
    ).then((result) => {
      for (const table of written) this.listCounts.forget(table);
      return result;
    });
  }

  /**
   * Reads for the active company of the current request, with no transaction around them: each
   * statement sees what was committed when it started, as it would inside one (read committed),
   * without the round trips of its start and end. They run on connections of their own
   * (TENANT_READS), which refuse any write and hold their company for the session: set when a
   * connection serves another company than the last, else not at all. The transactions and
   * everything else keep the app's connections, where no company is set outside a transaction,
   * so that forgetting the scope still fails closed there.
   */
  async read<T>(work: (scope: TenantScope) => Promise<T>, companyId = requestContext.current().companyId): Promise<T> {
    if (!isCompany(companyId)) throw noCompany(companyId);
    const runner = this.reads.createQueryRunner();
    try {
      const connection = (await runner.connect()) as object;
      if (sessionCompany.get(connection) !== companyId) {
        // Forgotten first: should the setting fail, the connection's company is not known.
        sessionCompany.delete(connection);
        await runner.query(`select set_config('${TENANT_SETTING}', '${companyId}', false)`);
        sessionCompany.set(connection, companyId);
      }
      return await work(new TenantScope(runner.manager, companyId, this.listCounts));
    } finally {
      await runner.release();
    }
  }

  /** A repository scoped to the current request's company: its reads run as `read`, each change in a transaction of its own. */
  repository<T extends CompanyOwnedEntity>(entity: EntityTarget<T>): ScopedRepository<T> {
    return new ScopedRepository<T>(
      entity,
      (work) => this.transaction(work),
      (work) => this.read(work),
    );
  }

  /** Work that is not one company's (sign-in, registration, seeding): row-level security lets it through. */
  system<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.inTransaction(`select set_config('${SYSTEM_SETTING}', 'on', true)`, work);
  }

  /**
   * What DataSource.transaction does, with the transaction's setting sent in the same round trip
   * as its start (one statement list, no parameters): every call of the API runs in such a
   * transaction, and the separate round trip was a third of a short read's database time. The
   * runner is then marked as in its transaction, as TypeORM's own start would have, so that a
   * save inside opens no other and a nested transaction becomes a savepoint.
   */
  private async inTransaction<T>(setting: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      // Marked first: should the setting fail after the start, the open transaction is rolled back.
      markTransactionStarted(runner);
      await runner.query(`start transaction; ${setting}`);
      const result = await work(runner.manager);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      // As DataSource.transaction: a rollback that fails (the connection lost) hides nothing.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }
}

/** The company a read connection (TENANT_READS) holds for its session, by its pg client. */
const sessionCompany = new WeakMap<object, number>();

/** A company is a positive integer, or nothing is run: it is inlined in the setting's statement. */
const isCompany = (companyId: number) => Number.isSafeInteger(companyId) && companyId > 0;
const noCompany = (companyId: number) => new Error(`TenantDb: no company to scope the work to (${companyId})`);

/** TypeORM's own bookkeeping of a transaction it started (PostgresQueryRunner.startTransaction). */
function markTransactionStarted(runner: QueryRunner): void {
  const state = runner as unknown as { isTransactionActive: boolean; transactionDepth: number };
  state.isTransactionActive = true;
  state.transactionDepth = 1;
}

export class TenantScope {
  constructor(
    readonly manager: EntityManager,
    readonly companyId: number,
    /**
     * Where list totals are kept: only for reads outside a transaction (TenantDb.read), which see
     * committed rows only. Inside a transaction a count may include its own uncommitted writes,
     * which no other request may be answered.
     */
    readonly listCounts?: ListCounts,
    /** The tables this scope's repositories wrote: their kept list totals are forgotten once its transaction commits. */
    readonly written = new Set<string>(),
  ) {}

  repository<T extends CompanyOwnedEntity>(entity: EntityTarget<T>): ScopedRepository<T> {
    return new ScopedRepository<T>(entity, (work) => work(this));
  }

  /**
   * The total of a list of the entity's table that `filter` selects (the count's statement and
   * parameters: every condition that changes the total, and nothing else), counted by `count`:
   * kept by `listCounts` when the scope has them, else counted now.
   */
  listTotal(entity: EntityTarget<CompanyOwnedEntity>, filter: { sql: string; params: unknown }, count: () => Promise<number>): Promise<number> {
    if (!this.listCounts) return count();
    return this.listCounts.total(tableOf(this.manager, entity), this.companyId, `${filter.sql}\n${JSON.stringify(filter.params)}`, count);
  }

  /** listTotal of the rows of the entity's table (aliased `o`) that the SQL condition `where` selects. */
  totalWhere(entity: EntityTarget<CompanyOwnedEntity>, where: string, params: unknown[]): Promise<number> {
    return this.listTotal(entity, { sql: where, params }, async () => {
      const [{ total }]: { total: number }[] = await this.manager.query(
        `select count(*)::int as total from ${tableOf(this.manager, entity)} o where ${where}`,
        params,
      );
      return total;
    });
  }
}

/** An entity's table: what a write to it is announced under (LIST_CHANGED_CHANNEL), and what its list totals are kept by. */
const tableOf = (manager: EntityManager, entity: EntityTarget<CompanyOwnedEntity>) => manager.connection.getMetadata(entity).tableName;

type Runner = <R>(work: (scope: TenantScope) => Promise<R>) => Promise<R>;

export class ScopedRepository<T extends CompanyOwnedEntity> {
  /** `run` for changes; `read` for reads, `run` unless given (inside a transaction both are its scope). */
  constructor(
    private readonly entity: EntityTarget<T>,
    private readonly run: Runner,
    private readonly read: Runner = run,
  ) {}

  private scoped(where: Where<T> | undefined, companyId: number): FindOptionsWhere<T>[] {
    const company = { company_id: companyId } as FindOptionsWhere<T>;
    if (!where) return [company];
    return (Array.isArray(where) ? where : [where]).map((condition) => ({ ...condition, ...company }));
  }

  find(options: { where?: Where<T>; order?: FindOptionsOrder<T>; take?: number; skip?: number } = {}): Promise<T[]> {
    return this.read(({ manager, companyId }) => manager.find(this.entity, { ...options, where: this.scoped(options.where, companyId) }));
  }

  count(where?: Where<T>): Promise<number> {
    return this.read(({ manager, companyId }) => manager.count(this.entity, { where: this.scoped(where, companyId) }));
  }

  /** The record with this id, or 404: another company's record answers exactly like a missing one. */
  findOne(id: number): Promise<T> {
    return this.read(async ({ manager, companyId }) => {
      // An id no `int` column holds names nothing (and would make PostgreSQL fail the query).
      const found =
        Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX
          ? await manager.findOne(this.entity, { where: this.scoped({ id } as unknown as FindOptionsWhere<T>, companyId) })
          : null;
      if (!found) throw new NotFoundException(messages.notFound);
      return found;
    });
  }

  /** A change, in `run`'s transaction: its table's kept list totals are forgotten once it commits (TenantDb.transaction). */
  private change<R>(work: (scope: TenantScope) => Promise<R>): Promise<R> {
    return this.run((scope) => {
      scope.written.add(tableOf(scope.manager, this.entity));
      return work(scope);
    });
  }

  create(data: DeepPartial<T>): Promise<T> {
    return this.change(({ manager, companyId }) => {
      const { id: _id, ...rest } = data as Record<string, unknown>;
      return manager.save(this.entity, manager.create(this.entity, { ...rest, company_id: companyId } as DeepPartial<T>));
    });
  }

  update(id: number, patch: DeepPartial<T>): Promise<T> {
    return this.change(async (scope) => {
      const { manager } = scope;
      const current = await new ScopedRepository(this.entity, (work) => work(scope)).findOne(id);
      const { id: _id, company_id: _company, ...changes } = patch as Record<string, unknown>;
      return manager.save(this.entity, manager.merge(this.entity, current, changes as DeepPartial<T>));
    });
  }

  remove(id: number): Promise<void> {
    return this.change(async (scope) => {
      const current = await new ScopedRepository(this.entity, (work) => work(scope)).findOne(id);
      await scope.manager.remove(this.entity, current);
    });
  }

  /**
   * A page of a list screen: search over the searchable columns and the labels, sort by an
   * allowed column. Its total is kept per company and filter until the table is written
   * (TenantScope.listTotal): a page of a big list costs its rows only.
   */
  page(query: ListQuery, rules: PagingRules<T>, where?: Where<T>): Promise<PageOf<T>> {
    return this.read(async (scope) => {
      const { manager, companyId } = scope;
      const alias = 'row';
      const builder = manager.createQueryBuilder(this.entity, alias).where(`${alias}.company_id = :companyId`, { companyId });
      const bind = (value: unknown) => {
        const name = `list${Object.keys(builder.getParameters()).length}`;
        builder.setParameter(name, value);
        return `:${name}`;
      };
      const labelled: LabelledColumns = Object.fromEntries(
        (rules.labelled ?? []).map((column) => [column, { sql: `${alias}.${column}`, set: rules.labelledSets?.includes(column) }]),
      );
      if (where) builder.andWhere(this.scoped(where, companyId));
      if (query.search) {
        const searched = rules.searchable.map((column) => `${alias}.${column}::text`);
        const conditions = [...(searched.length ? [containsFoldedSql(searched, bind(query.search))] : []), ...labelMatchConditions(query, labelled, bind)];
        // Nothing to search in finds nothing.
        if (conditions.length === 0) conditions.push('false');
        builder.andWhere(`(${conditions.join(' or ')})`);
      }
      // What the count depends on: the statement so far (before any order), with its parameters.
      const [filtered, parameters] = builder.getQueryAndParameters();
      const sort = query.sort && rules.sortable.includes(query.sort as keyof T & string) ? query.sort : rules.sortable[0];
      const direction = query.direction === 'desc' ? 'DESC' : 'ASC';
      const byLabel = query.sort === sort ? labelSortExpression(query, sort, labelled, bind) : undefined;
      if (byLabel) builder.orderBy(byLabel, direction, 'NULLS LAST').addOrderBy(`${alias}.${sort}`, direction);
      else builder.orderBy(`${alias}.${sort}`, direction);
      for (const column of rules.thenBy ?? []) builder.addOrderBy(`${alias}.${column}`, 'ASC');
      builder.addOrderBy(`${alias}.id`, 'ASC');
      const items = await builder
        .skip((query.page - 1) * query.pageSize)
        .take(query.pageSize)
        .getMany();
      const total = await scope.listTotal(this.entity, { sql: filtered, params: parameters }, () => builder.getCount());
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }
}
