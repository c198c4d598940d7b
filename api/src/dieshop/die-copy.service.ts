import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  dieCopyMessages,
  DIE_TYPES,
  messages,
  type DieCopy,
  type DieCopyCreate,
  type DieCopyUpdate,
  type DieHistory,
  type DieInventoryQuery,
  type DieMove,
  type DieState,
  type DieshopSettings,
  type DieshopSettingsUpdate,
} from '@planta/contracts';
import { isUniqueViolation } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { sortColumn } from '../common/sort-column';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { DIE_COPY_COLUMNS, DIE_COPY_FROM, NITRIDING_SHARE, nitridingFilterSql, toDieCopy, type DieCopyRow } from './die-copy.queries';
import { CorrectionService } from './correction.service';
import { DieLifeService } from './die-life.service';

const SORTS: Record<string, string> = {
  die_reference: 'd.die_reference',
  copy_number: 'd.copy_number',
  state: 'd.state',
  die_type: 'd.die_type',
  location: 'd.location',
  profile_code: 'p.code',
  kg_total: 'd.kg_total',
  kg_since_nitriding: 'd.kg_since_nitriding',
  nitriding: NITRIDING_SHARE,
  last_run_at: 'd.last_run_at',
};

/** The editable columns of a die copy, in the order of the contracts' fields. */
const EDITABLE = [
  'description',
  'profile_id',
  'die_type',
  'cavities',
  'diameter_mm',
  'thickness_mm',
  'steel',
  'supplier',
  'supplier_ref',
  'received_at',
  'cost',
  'location',
  'nitriding_every_billets',
  'nitriding_every_kg',
  'expected_life_kg',
] as const;

/** One die copy of the scope's company, as the API answers it. */
export async function dieCopy(scope: TenantScope, id: number): Promise<DieCopy> {
  const [row] = await scope.manager.query(`${DIE_COPY_COLUMNS} ${DIE_COPY_FROM} where d.id = $1 and d.company_id = $2`, [id, scope.companyId]);
  if (!row) throw new NotFoundException(messages.notFound);
  return toDieCopy(row as DieCopyRow);
}

async function checkProfile(scope: TenantScope, profileId: number | null | undefined): Promise<void> {
  if (profileId === null || profileId === undefined) return;
  const found = await scope.manager.query(`select 1 from profile where id = $1 and company_id = $2`, [profileId, scope.companyId]);
  if (found.length === 0) throw fieldError('profile_id', dieCopyMessages.profileMissing);
}

/**
 * Scraps a die (de baja) inside the caller's transaction: the reason and time on the die, and the
 * move logged as a scrap. Used by `DELETE /api/die/:id` and by an inspection that decides the scrap.
 */
export async function scrapDie(
  scope: TenantScope,
  life: DieLifeService,
  id: number,
  reason: string,
  options: { userId: number | null; refId?: number | null; expected?: DieState },
): Promise<number[]> {
  const at = new Date();
  // The reason first: a scrapped die always has one (check die_scrap_has_reason); a refused move undoes both.
  await scope.manager.query(`update die set scrapped_at = $2, scrapped_reason = $3 where id = $1 and company_id = $4`, [id, at, reason, scope.companyId]);
  await life.move(scope, id, 'scrapped', { kind: 'scrap', userId: options.userId, note: reason, at, refId: options.refId, expected: options.expected });
  // Its open corrections end with it ('Matriz de baja'); the caller announces them once committed.
  return CorrectionService.dieScrapped(scope, id);
}

/** Die copies: the inventory, reception, edits, moves and scrapping, and the die-shop settings. */
@Injectable()
export class DieCopyService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly life: DieLifeService,
    private readonly corrections: CorrectionService,
  ) {}

  inventory(query: DieInventoryQuery): Promise<PageOf<DieCopy>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['d.company_id = $1'];
      if (query.search)
        where.push(
          containsFoldedSql(['d.die_reference', `d.die_reference || '-' || d.copy_number`, 'd.description', "coalesce(p.code, '')"], bind(query.search)),
        );
      if (query.state) where.push(`d.state = ${bind(query.state)}`);
      else if (!query.include_scrapped) where.push(`d.state <> 'scrapped'`);
      if (query.die_type) where.push(`d.die_type = ${bind(query.die_type)}`);
      if (query.location) where.push(`d.location ilike ${bind(`${query.location.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      if (query.profile_id) where.push(`d.profile_id = ${bind(query.profile_id)}`);
      if (query.nitriding) where.push(nitridingFilterSql(query.nitriding));
      const condition = where.join(' and ');
      const sort = sortColumn(SORTS, query.sort, 'd.die_reference');
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${DIE_COPY_FROM} where ${condition}`, params);
      const rows: DieCopyRow[] = await scope.manager.query(
        `${DIE_COPY_COLUMNS} ${DIE_COPY_FROM} where ${condition}
          order by ${sort} ${direction} nulls last, d.die_reference, d.copy_number, d.id
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items: rows.map(toDieCopy), total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<DieCopy> {
    return this.tenantDb.transaction((scope) => dieCopy(scope, id));
  }

  /** A copy received: state 'new', logged as its reception. */
  create(caller: RequestIdentity, input: DieCopyCreate): Promise<DieCopy> {
    return this.tenantDb
      .transaction((scope) => this.createIn(scope, caller, input))
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'die_company_id_die_reference_copy_number_key'))
          throw fieldError('copy_number', dieCopyMessages.copyTaken, HttpStatus.CONFLICT);
        throw error;
      });
  }

  /** As `create`, in the scope's transaction (a delivery note confirmed by the upload agent receives several). */
  async createIn(scope: TenantScope, caller: RequestIdentity, input: DieCopyCreate, receptionNote?: string): Promise<DieCopy> {
    await checkProfile(scope, input.profile_id);
    const columns = ['die_reference', 'copy_number', ...EDITABLE] as const;
    const [{ id }] = await scope.manager.query(
      `insert into die (company_id, state, ${columns.join(', ')})
       values ($1, 'new', ${columns.map((_, index) => `$${index + 2}`).join(', ')}) returning id`,
      [scope.companyId, ...columns.map((column) => input[column])],
    );
    await scope.manager.query(
      `insert into die_event (company_id, die_id, user_id, kind, from_state, to_state, note) values ($1, $2, $3, 'reception', null, 'new', $4)`,
      [scope.companyId, id, caller.userId, receptionNote ?? (input.supplier ? `Recibida de ${input.supplier}` : '')],
    );
    return dieCopy(scope, id);
  }

  /** Changes the data of a copy; what changed is logged (an action of the die's life too). */
  update(caller: RequestIdentity, id: number, patch: DieCopyUpdate): Promise<DieCopy> {
    return this.tenantDb.transaction((scope) => this.updateIn(scope, caller, id, patch));
  }

  /** As `update`, in the scope's transaction (the upload agent confirms several records in one). */
  async updateIn(scope: TenantScope, caller: RequestIdentity, id: number, patch: DieCopyUpdate): Promise<DieCopy> {
    const before = await dieCopy(scope, id);
    await checkProfile(scope, patch.profile_id);
    const changed = EDITABLE.filter((column) => patch[column] !== undefined && patch[column] !== before[column]);
    if (changed.length === 0) return before;
    await scope.manager.query(`update die set ${changed.map((column, index) => `${column} = $${index + 2}`).join(', ')} where id = $1`, [
      id,
      ...changed.map((column) => patch[column]),
    ]);
    await scope.manager.query(`insert into die_event (company_id, die_id, user_id, kind, from_state, to_state, note) values ($1, $2, $3, 'edit', $4, $4, $5)`, [
      scope.companyId,
      id,
      caller.userId,
      before.state,
      `Datos cambiados: ${changed.join(', ')}`,
    ]);
    return dieCopy(scope, id);
  }

  move(caller: RequestIdentity, id: number, input: DieMove): Promise<DieCopy> {
    return this.tenantDb.transaction(async (scope) => {
      await this.life.move(scope, id, input.to, { kind: 'move', userId: caller.userId, note: input.note, expected: input.from });
      return dieCopy(scope, id);
    });
  }

  scrap(caller: RequestIdentity, id: number, reason: string): Promise<DieCopy> {
    return this.corrections.changing(async (scope, announcement) => {
      for (const record of await scrapDie(scope, this.life, id, reason, { userId: caller.userId })) announcement.changed.add(record);
      return dieCopy(scope, id);
    });
  }

  history(id: number): Promise<DieHistory> {
    return this.tenantDb.transaction(async (scope) => {
      await dieCopy(scope, id);
      return dieHistory(scope, id);
    });
  }

  settings(): Promise<DieshopSettings> {
    return this.tenantDb.transaction((scope) => readSettings(scope));
  }

  updateSettings(input: DieshopSettingsUpdate): Promise<DieshopSettings> {
    return this.tenantDb.transaction(async (scope) => {
      const { families, ...values } = input;
      const columns = Object.entries(values).filter(([, value]) => value !== undefined);
      if (columns.length > 0) {
        await scope.manager.query(
          `update dieshop_setting set ${columns.map(([column], index) => `${column} = $${index + 2}`).join(', ')} where company_id = $1`,
          [scope.companyId, ...columns.map(([, value]) => value)],
        );
      }
      for (const family of families ?? []) {
        await scope.manager.query(
          `insert into die_family (company_id, die_type, nitriding_every_billets, nitriding_every_kg, expected_life_kg) values ($1, $2, $3, $4, $5)
           on conflict (company_id, die_type) do update set nitriding_every_billets = excluded.nitriding_every_billets,
             nitriding_every_kg = excluded.nitriding_every_kg, expected_life_kg = excluded.expected_life_kg`,
          [scope.companyId, family.die_type, family.nitriding_every_billets, family.nitriding_every_kg, family.expected_life_kg],
        );
      }
      return readSettings(scope);
    });
  }
}

/** A die's log, newest first (the latest 500), and the hours in each state over its whole life. */
export async function dieHistory(scope: TenantScope, id: number): Promise<DieHistory> {
  const events = await scope.manager.query(
    `select e.id::int, e.at, e.kind, e.from_state, e.to_state, e.user_id, u.display_name as user_name, e.ref_id, e.note
       from die_event e left join app_user u on u.id = e.user_id
      where e.die_id = $1 and e.company_id = $2 order by e.at desc, e.id desc limit 500`,
    [id, scope.companyId],
  );
  const stateTimes = await scope.manager.query(
    `select state, round((sum(extract(epoch from coalesce(next_at, now()) - at)) / 3600)::numeric, 2)::float8 as hours, count(*)::int as times
       from (select to_state as state, at, lead(at) over (order by at, id) as next_at
               from die_event where die_id = $1 and company_id = $2 and from_state is distinct from to_state) stints
      group by state order by hours desc`,
    [id, scope.companyId],
  );
  return { events: events.map((event: { at: Date }) => ({ ...event, at: event.at.toISOString() })), state_times: stateTimes };
}

/** The company's die-shop settings, with a family row for every die type (empty thresholds where none is set). */
export async function readSettings(scope: TenantScope): Promise<DieshopSettings> {
  const [setting] = await scope.manager.query(
    `select nitriding_warn_percent, enlistment_guard, oven_required, oven_max_dwell_hours::float8, min_die_temperature_c from dieshop_setting where company_id = $1`,
    [scope.companyId],
  );
  const rows: { die_type: string; nitriding_every_billets: number | null; nitriding_every_kg: number | null; expected_life_kg: number | null }[] =
    await scope.manager.query(
      `select die_type, nitriding_every_billets, nitriding_every_kg::float8, expected_life_kg::float8 from die_family where company_id = $1`,
      [scope.companyId],
    );
  const families = DIE_TYPES.map(
    (die_type) =>
      rows.find((row) => row.die_type === die_type) ?? { die_type, nitriding_every_billets: null, nitriding_every_kg: null, expected_life_kg: null },
  );
  return { ...setting, families } as DieshopSettings;
}
