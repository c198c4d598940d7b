import { HttpStatus } from '@nestjs/common';
import { OPEN_ENLISTMENT_STATUSES, productionMessages, STOP_CAUSE_WORDS, whyNotRun, type StartOptions, type StopCause } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import type { RequestIdentity } from '../tenancy/request-context';
import type { TenantScope } from '../tenancy/tenant-db.service';
import { mayOverride, unfinishedPreparationSql } from './run-preparation';

/**
 * Every reason a press or a die copy cannot start a run now, written once (issue 37): the start
 * form shows them on its disabled choices (GET extrusion/start-options) and ExtrusionService.start
 * refuses with the same words.
 */

interface LineFacts {
  id: number;
  name: string;
  /** The order of the run on the press now. */
  running_order: string | null;
  /** The cause of the open stop of the line's press. */
  stop_cause: StopCause | null;
}

interface DieFacts {
  id: number;
  die_reference: string;
  copy_number: number;
  state: StartOptions['dies'][number]['state'];
  running_line: string | null;
  running_order: string | null;
  /** An open preparation whose checklist is not complete. */
  preparation_unfinished: boolean;
}

/** Why a press cannot start a run: stopped first (the operator's first question), then running another order. */
export function whyLineCannotStart(line: Pick<LineFacts, 'running_order' | 'stop_cause'>): string | null {
  if (line.stop_cause) return productionMessages.pressStopped(STOP_CAUSE_WORDS[line.stop_cause]);
  if (line.running_order) return productionMessages.pressRunning(line.running_order);
  return null;
}

/**
 * Why a die copy cannot start a run: on a press, its state (the die's life, whyNotRun), its
 * preparation unfinished. `preparation` says the last one, which start() leaves to the
 * preparation rule (it may be overridden by the lead).
 */
export function whyDieCannotStart(
  die: Omit<DieFacts, 'id' | 'die_reference' | 'copy_number'>,
  ovenRequired: boolean,
): { why: string; preparation: boolean } | null {
  if (die.running_line && die.running_order) return { why: productionMessages.dieInPress(die.running_line, die.running_order), preparation: false };
  const state = whyNotRun(die.state, ovenRequired);
  if (state) return { why: state, preparation: false };
  if (die.preparation_unfinished) return { why: productionMessages.preparationUnfinished, preparation: true };
  return null;
}

const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

async function linesOf(scope: TenantScope, lineIds: readonly number[] | null): Promise<LineFacts[]> {
  return scope.manager.query(
    `select l.id, l.name,
            (select o.number from order_die run join production_order o on o.id = run.order_id
              where run.line_id = l.id and run.end_extrusion_time is null order by run.start_extrusion_time desc limit 1) as running_order,
            (select s.cause from machine_stop s join machine m on m.id = s.machine_id
              where s.line_id = l.id and m.type = 'press' and s.ended_at is null and s.started_at <= now() order by s.started_at limit 1) as stop_cause
       from extrusion_line l
      where l.company_id = $1 and ($2::int[] is null or l.id = any($2::int[]))
      order by l.name, l.id`,
    [scope.companyId, lineIds],
  );
}

async function diesOf(scope: TenantScope, where: { dieId: number } | { orderId: number }): Promise<DieFacts[]> {
  const filter =
    'dieId' in where
      ? `d.id = $2`
      : `d.die_reference = (select od.die_reference from production_order o join die od on od.id = o.die_id where o.id = $2) and d.state <> 'scrapped'`;
  return scope.manager.query(
    `select d.id, d.die_reference, d.copy_number, d.state, run.line_name as running_line, run.order_number as running_order,
            exists (select 1 from die_enlistment e where e.die_id = d.id and e.status in (${sqlList(OPEN_ENLISTMENT_STATUSES)})
                      and ${unfinishedPreparationSql('e')}) as preparation_unfinished
       from die d
       left join lateral (select l.name as line_name, o.number as order_number from order_die r
                            join extrusion_line l on l.id = r.line_id join production_order o on o.id = r.order_id
                           where r.die_id = d.id and r.end_extrusion_time is null limit 1) run on true
      where d.company_id = $1 and ${filter}
      order by d.copy_number, d.id`,
    [scope.companyId, 'dieId' in where ? where.dieId : where.orderId],
  );
}

async function ovenRequired(scope: TenantScope): Promise<boolean> {
  const [setting] = await scope.manager.query(`select oven_required from dieshop_setting where company_id = $1`, [scope.companyId]);
  return setting?.oven_required === true;
}

/**
 * The presses, and the copies of the order's die, each with why it cannot start a run now (null:
 * it can). A copy held only by its unfinished preparation stays choosable for whoever may override
 * it (start() then asks them why).
 */
export async function startOptions(scope: TenantScope, caller: RequestIdentity, orderId: number | null): Promise<StartOptions> {
  const lines = await linesOf(scope, null);
  const dies = orderId === null ? [] : await diesOf(scope, { orderId });
  const oven = await ovenRequired(scope);
  const overrides = dies.some((die) => whyDieCannotStart(die, oven)?.preparation) && (await mayOverride(scope, caller));
  return {
    lines: lines.map((line) => ({ id: line.id, name: line.name, why: whyLineCannotStart(line) })),
    dies: dies.map((die) => {
      const refused = whyDieCannotStart(die, oven);
      return {
        id: die.id,
        name: `${die.die_reference} · ${die.copy_number}`,
        die_reference: die.die_reference,
        copy_number: die.copy_number,
        state: die.state,
        why: refused?.why ?? null,
        overridable: !!refused?.preparation && overrides,
      };
    }),
  };
}

/**
 * start()'s check of the chosen press and die copy: a 409 on the field with the reason the start
 * form shows. An unfinished preparation is left to the preparation rule of start().
 */
export async function refuseStartIfUnavailable(scope: TenantScope, lineId: number, dieId: number): Promise<void> {
  const [line] = await linesOf(scope, [lineId]);
  const lineWhy = line ? whyLineCannotStart(line) : null;
  if (lineWhy) throw fieldError('line_id', lineWhy, HttpStatus.CONFLICT);
  const [die] = await diesOf(scope, { dieId });
  const dieWhy = die ? whyDieCannotStart(die, await ovenRequired(scope)) : null;
  if (dieWhy && !dieWhy.preparation) throw fieldError('die_id', dieWhy.why, HttpStatus.CONFLICT);
}
