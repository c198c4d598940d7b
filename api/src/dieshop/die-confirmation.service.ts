import { HttpStatus, Injectable } from '@nestjs/common';
import {
  CONDITION_SUGGESTS,
  dieConfirmationMessages,
  RUN_CONDITION_WORDS,
  type DieConfirmationCreate,
  type DieConfirmationListQuery,
  type DieRunToConfirm,
  type DieState,
} from '@planta/contracts';
import { isUniqueViolation } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { CorrectionService } from './correction.service';
import { DieLifeService, lockDie } from './die-life.service';

/** The log's words for a pull reason (die_event notes are Spanish). */
const PULL_REASON_WORDS: Record<DieConfirmationCreate['pull_reason'], string> = {
  order_end: 'fin de orden',
  dimensional: 'dimensional',
  surface: 'superficie',
  high_pressure: 'presión alta',
  breakage: 'rotura',
  other: 'otro',
};

const RUN_COLUMNS = `
  select r.id, r.die_id, d.die_reference, d.copy_number, d.state as die_state,
         exists (select 1 from order_die running where running.die_id = r.die_id and running.end_extrusion_time is null) as die_running, r.order_id, o.number as order_number, o.profile,
         r.line_id, l.name as line_name, starter.display_name as started_by_name, r.start_extrusion_time, r.end_extrusion_time,
         round((extract(epoch from r.end_extrusion_time - r.start_extrusion_time) / 3600)::numeric, 2)::float8 as hours,
         r.billets_pushed, r.billet_kg::float8, r.good_kg::float8, r.scrap_kg::float8,
         c.id as c_id, c.confirmed_at as c_confirmed_at, c.confirmed_by as c_confirmed_by, confirmer.display_name as c_confirmed_by_name,
         c.billets as c_billets, c.billet_kg::float8 as c_billet_kg, c.good_kg::float8 as c_good_kg, c.scrap_kg::float8 as c_scrap_kg,
         c.condition as c_condition, c.pull_reason as c_pull_reason, c.notes as c_notes`;
const RUN_FROM = `
    from order_die r
    join die d on d.id = r.die_id
    join production_order o on o.id = r.order_id
    join extrusion_line l on l.id = r.line_id
    left join app_user starter on starter.id = r.started_by
    left join die_run_confirmation c on c.order_die_id = r.id
    left join app_user confirmer on confirmer.id = c.confirmed_by`;

type RunRow = Omit<DieRunToConfirm, 'confirmation' | 'start_extrusion_time' | 'end_extrusion_time'> & {
  start_extrusion_time: Date;
  end_extrusion_time: Date;
  [column: `c_${string}`]: unknown;
};

function toRun(row: RunRow): DieRunToConfirm {
  const {
    c_id,
    c_confirmed_at,
    c_confirmed_by,
    c_confirmed_by_name,
    c_billets,
    c_billet_kg,
    c_good_kg,
    c_scrap_kg,
    c_condition,
    c_pull_reason,
    c_notes,
    ...run
  } = row;
  return {
    ...run,
    start_extrusion_time: run.start_extrusion_time.toISOString(),
    end_extrusion_time: run.end_extrusion_time.toISOString(),
    confirmation:
      c_id === null
        ? null
        : ({
            id: c_id,
            confirmed_at: (c_confirmed_at as Date).toISOString(),
            confirmed_by: c_confirmed_by,
            confirmed_by_name: c_confirmed_by_name,
            billets: c_billets,
            billet_kg: c_billet_kg,
            good_kg: c_good_kg,
            scrap_kg: c_scrap_kg,
            condition: c_condition,
            pull_reason: c_pull_reason,
            notes: c_notes,
          } as DieRunToConfirm['confirmation']),
  };
}

async function runOf(scope: TenantScope, id: number): Promise<DieRunToConfirm | null> {
  const [row] = await scope.manager.query(`${RUN_COLUMNS} ${RUN_FROM} where r.id = $1 and r.company_id = $2 and r.end_extrusion_time is not null`, [
    id,
    scope.companyId,
  ]);
  return row ? toRun(row as RunRow) : null;
}

/**
 * Production confirmation: each ended run is confirmed once by the die shop. The run already added
 * its own figures to the die (trigger `order_die_feeds_die`); the confirmation adds the difference
 * to the confirmed ones, and sends the die from the press to cleaning unless it is running again.
 */
@Injectable()
export class DieConfirmationService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly life: DieLifeService,
    private readonly corrections: CorrectionService,
  ) {}

  list(query: DieConfirmationListQuery): Promise<PageOf<DieRunToConfirm>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const where = ['r.company_id = $1', 'r.end_extrusion_time is not null'];
      if (query.status) where.push(query.status === 'pending' ? 'c.id is null' : 'c.id is not null');
      if (query.search) {
        params.push(query.search);
        where.push(containsFoldedSql(['d.die_reference', `d.die_reference || '-' || d.copy_number`, 'o.number', 'l.name'], `$${params.length}`));
      }
      const condition = where.join(' and ');
      // Waiting runs first, oldest first (the next to confirm); then the confirmed ones, newest first.
      const order = '(c.id is not null), case when c.id is null then r.end_extrusion_time end asc, c.confirmed_at desc, r.id asc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${RUN_FROM} where ${condition}`, params);
      const rows: RunRow[] = await scope.manager.query(
        `${RUN_COLUMNS} ${RUN_FROM} where ${condition} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items: rows.map(toRun), total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<DieRunToConfirm> {
    return this.tenantDb.transaction(async (scope) => {
      const run = await runOf(scope, id);
      if (!run) throw fieldError('id', dieConfirmationMessages.runMissing, HttpStatus.NOT_FOUND);
      return run;
    });
  }

  confirm(caller: RequestIdentity, input: DieConfirmationCreate): Promise<DieRunToConfirm> {
    return this.corrections
      .changing(async (scope, announcement) => {
        const [run]: {
          id: number;
          die_id: number;
          end_extrusion_time: Date | null;
          billets_pushed: number | null;
          billet_kg: number | null;
          number: string;
        }[] = await scope.manager.query(
          `select r.id, r.die_id, r.end_extrusion_time, r.billets_pushed, r.billet_kg::float8, o.number
               from order_die r join production_order o on o.id = r.order_id
              where r.id = $1 and r.company_id = $2 for update of r`,
          [input.order_die_id, scope.companyId],
        );
        if (!run) throw fieldError('order_die_id', dieConfirmationMessages.runMissing, HttpStatus.NOT_FOUND);
        if (!run.end_extrusion_time) throw fieldError('order_die_id', dieConfirmationMessages.runRunning, HttpStatus.CONFLICT);
        const [{ id }] = await scope.manager.query(
          `insert into die_run_confirmation (company_id, order_die_id, die_id, confirmed_by, billets, billet_kg, good_kg, scrap_kg, condition, pull_reason, notes)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
          [
            scope.companyId,
            run.id,
            run.die_id,
            caller.userId,
            input.billets,
            input.billet_kg,
            input.good_kg,
            input.scrap_kg,
            input.condition,
            input.pull_reason,
            input.notes,
          ],
        );
        // The run added its own figures when it ended: add only what the confirmation changes.
        const billets = input.billets - (run.billets_pushed ?? 0);
        const kg = input.billet_kg - (run.billet_kg ?? 0);
        if (billets !== 0 || kg !== 0) {
          await scope.manager.query(
            `update die set billets_total = greatest(0, billets_total + $2), billets_since_nitriding = greatest(0, billets_since_nitriding + $2),
                            kg_total = greatest(0, kg_total + $3), kg_since_nitriding = greatest(0, kg_since_nitriding + $3)
              where id = $1`,
            [run.die_id, billets, kg],
          );
        }
        const die = await lockDie(scope, run.die_id);
        const running = await scope.manager.query(`select 1 from order_die where die_id = $1 and end_extrusion_time is null`, [run.die_id]);
        // Off the press to cleaning; a die already running its next order stays there (the confirmation is logged all the same).
        const to: DieState = die.state === 'press' && running.length === 0 ? 'cleaning' : die.state;
        const suggestion = CONDITION_SUGGESTS[input.condition];
        const note = [
          `Corrida ${run.number} confirmada: ${input.billets} tochos, ${input.billet_kg} kg`,
          `condición ${RUN_CONDITION_WORDS[input.condition]}`,
          `motivo de retiro: ${PULL_REASON_WORDS[input.pull_reason]}`,
          ...(suggestion !== 'ok' ? ['se sugiere corrección en la inspección de limpieza'] : []),
        ].join('; ');
        await this.life.move(scope, run.die_id, to, { kind: 'confirmation', userId: caller.userId, refId: id, note });
        // A die that came off needing correction (or damaged) has its non-conformity reported (issue 14).
        await this.corrections.fromConfirmation(scope, caller, run, input.condition, note, announcement);
        return (await runOf(scope, run.id))!;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'die_run_confirmation_once'))
          throw fieldError('order_die_id', dieConfirmationMessages.alreadyConfirmed, HttpStatus.CONFLICT);
        throw error;
      });
  }
}
