import { ConflictException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { IsNull } from 'typeorm';
import {
  billetCrossSectionArea,
  dieLifeMessages,
  periodInstant,
  PLANNING_BOARD_CHANGED,
  productionMessages,
  whyNotRun,
  type MyRun,
  type OrderDie,
  type OrderStatus,
  type StartExtrusion,
  type StopExtrusion,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { companyTimeZone } from '../companies/company-time-zone';
import { DieEntity } from '../dieshop/die.entity';
import { DieLifeService } from '../dieshop/die-life.service';
import { PreventiveScheduler } from '../maintenance/preventive-scheduler.service';
import { RealtimeService } from '../realtime/realtime.service';
import { requestContext, type RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { isCheckViolation, isUniqueViolation } from '../common/db-errors';
import { AluminumAlloyEntity, ExtrusionLineEntity } from './production.entities';
import { billetKg, dimensionMarks, productionFigures } from './figures';
import { OrderDieEntity } from './order-die.entity';
import { ProductionOrderEntity } from './production-order.entity';
import { closePreparationForRun } from './run-preparation';

/**
 * Starting and stopping extrusion. A die runs on one line at a time (so an order die never runs
 * on two lines) and a line runs one order die at a time: checked here for the message, and kept
 * by partial unique indexes under concurrent starts.
 */
@Injectable()
export class ExtrusionService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
    private readonly preventive: PreventiveScheduler,
    private readonly life: DieLifeService,
  ) {}

  private readonly logger = new Logger('Extrusion');

  async start(caller: RequestIdentity, input: StartExtrusion): Promise<OrderDie & { order_id: number; line_id: number }> {
    const started = await this.tenantDb
      .transaction(async (scope) => {
        const [order] = await scope.repository(ProductionOrderEntity).find({ where: { id: input.order_id } });
        if (!order) throw fieldError('order_id', 'La orden elegida no existe', HttpStatus.NOT_FOUND);
        const [die] = await scope.repository(DieEntity).find({ where: { id: input.die_id } });
        if (!die) throw fieldError('die_id', 'La matriz elegida no existe', HttpStatus.NOT_FOUND);
        const [line] = await scope.repository(ExtrusionLineEntity).find({ where: { id: input.line_id } });
        if (!line) throw fieldError('line_id', 'La línea elegida no existe', HttpStatus.NOT_FOUND);
        if (order.status === 'finished') throw new ConflictException(productionMessages.orderFinished);
        const [orderDieOf] = await scope.repository(DieEntity).find({ where: { id: order.die_id } });
        if (orderDieOf && orderDieOf.die_reference !== die.die_reference) throw fieldError('die_id', productionMessages.dieNotOfOrder);
        const running = await scope.repository(OrderDieEntity).find({
          where: [
            { die_id: die.id, end_extrusion_time: IsNull() },
            { line_id: line.id, end_extrusion_time: IsNull() },
          ],
        });
        const dieRunning = running.find((run) => run.die_id === die.id);
        if (dieRunning)
          throw new ConflictException(dieRunning.order_id === order.id ? productionMessages.orderDieAlreadyRunning : productionMessages.dieAlreadyRunning);
        if (running.some((run) => run.line_id === line.id)) throw new ConflictException(productionMessages.lineBusy);
        // The die's life (domain.md A2.2): a die in cleaning, correction, nitriding... does not go on a press.
        const [setting] = await scope.manager.query(`select oven_required from dieshop_setting where company_id = $1`, [caller.companyId]);
        const refused = whyNotRun(die.state, setting?.oven_required === true);
        if (refused) throw fieldError('die_id', refused, HttpStatus.CONFLICT);
        await closePreparationForRun(scope, this.life, caller, die, input.override_reason);

        const run = await scope.repository(OrderDieEntity).create({
          order_id: order.id,
          die_id: die.id,
          line_id: line.id,
          started_by: caller.userId,
          start_extrusion_time: new Date(),
          end_extrusion_time: null,
        });
        // The order goes in press with its run (trigger order_follows_its_runs, migration 1765800000000).
        return { run, die };
      })
      .catch((error: unknown) => {
        // Another start won the race between the check and the insert.
        if (isUniqueViolation(error, 'order_die_running_die')) throw new ConflictException(productionMessages.dieAlreadyRunning);
        if (isUniqueViolation(error, 'order_die_running_line')) throw new ConflictException(productionMessages.lineBusy);
        if (isCheckViolation(error, 'die_run_start_state')) throw fieldError('die_id', dieLifeMessages.stale, HttpStatus.CONFLICT);
        throw error;
      });
    this.realtime.toCompany(caller.companyId, PLANNING_BOARD_CHANGED, { order_id: input.order_id, to_column: 'in_press', to_line_id: input.line_id });
    return {
      id: started.run.id,
      order_id: started.run.order_id,
      line_id: started.run.line_id,
      active_timer: true,
      start_extrusion_time: started.run.start_extrusion_time.toISOString(),
      dies_model_order_die_reference: started.die.die_reference,
      dies_model_order_copy_number: started.die.copy_number,
    };
  }

  /**
   * The runs the caller started that are still running (the welcome dashboard's 'Mi extrusión'),
   * with their last dimension check and the 10-minute marks missed so far.
   */
  mine(caller: RequestIdentity): Promise<MyRun[]> {
    return this.tenantDb.transaction(async (scope) => {
      const runs: (Omit<MyRun, 'start_extrusion_time' | 'last_check_at' | 'missed_checks'> & { start_extrusion_time: Date })[] = await scope.manager.query(
        `select run.id, run.order_id, o.number as order_number, o.profile, run.line_id, line.name as line_name, d.die_reference, d.copy_number,
                run.start_extrusion_time
           from order_die run
           join production_order o on o.id = run.order_id
           join extrusion_line line on line.id = run.line_id
           join die d on d.id = run.die_id
          where run.company_id = $1 and run.started_by = $2 and run.end_extrusion_time is null
          order by run.start_extrusion_time, run.id`,
        [scope.companyId, caller.userId],
      );
      // One check saves DimensionA and DimensionB together: A stands for the check.
      const records: { order_die_id: number; date_saved: Date }[] = runs.length
        ? await scope.manager.query(
            `select order_die_id, date_saved from dimension_record
              where company_id = $1 and order_die_id = any($2) and dimension_text = 'DimensionA' order by date_saved`,
            [scope.companyId, runs.map((run) => run.id)],
          )
        : [];
      const now = new Date();
      return runs.map(({ start_extrusion_time: start, ...run }) => {
        const saved = records.filter((record) => record.order_die_id === run.id).map((record) => record.date_saved);
        return {
          ...run,
          start_extrusion_time: start.toISOString(),
          last_check_at: saved.at(-1)?.toISOString() ?? null,
          missed_checks: dimensionMarks(start, null, saved, now).filter((mark) => mark.state === 'missed').length,
        };
      });
    });
  }

  /**
   * Stops a running order die with what came out of it; the billet weight is computed from the line
   * and alloy. The run feeds the press meters (database trigger, same transaction); once committed,
   * the counter plans of the company are checked (domain.md A1.3 workflow 2). The run is stopped
   * whatever that check does: a failed check is logged, and the next scheduler minute repeats it.
   */
  async stop(orderDieId: number, output: StopExtrusion) {
    const companyId = requestContext.current().companyId;
    const stopped = await this.stopRun(orderDieId, output);
    this.realtime.toCompany(companyId, PLANNING_BOARD_CHANGED, { order_id: stopped.order_id, to_column: stopped.order_status, to_line_id: stopped.line_id });
    await this.preventive.checkCounters(companyId).catch((error: unknown) => this.logger.error(`Counter plans check failed: ${String(error)}`));
    return stopped;
  }

  private stopRun(orderDieId: number, output: StopExtrusion) {
    return this.tenantDb.transaction(async (scope) => {
      const run = await scope.repository(OrderDieEntity).findOne(orderDieId);
      // Lock the run: two stops of one run must not both pass the running check.
      await scope.manager.query(`select id from order_die where id = $1 for update`, [run.id]);
      const [current] = await scope.repository(OrderDieEntity).find({ where: { id: run.id } });
      if (current.end_extrusion_time !== null) throw new ConflictException(productionMessages.orderDieNotRunning);
      const line = await scope.repository(ExtrusionLineEntity).findOne(run.line_id);
      const order = await scope.repository(ProductionOrderEntity).findOne(run.order_id);
      const alloy = await scope.repository(AluminumAlloyEntity).findOne(order.alloy_id);
      const area = line.billet_cross_section_area_mm2 ?? billetCrossSectionArea(line.billet_diameter_mm);
      const weight = billetKg(output.billets_pushed, area, line.max_billet_length_mm, alloy.density_g_cm3);
      if (output.good_kg + output.scrap_kg > weight) throw fieldError('good_kg', `${productionMessages.tooMuchOutput} (${weight} kg)`);
      const stopped = await scope.repository(OrderDieEntity).update(run.id, {
        end_extrusion_time: new Date(),
        billets_pushed: output.billets_pushed,
        billet_kg: weight,
        good_kg: output.good_kg,
        scrap_kg: output.scrap_kg,
      });
      // Its last active run ended, the order went back to its line's plan (trigger order_follows_its_runs);
      // the operator said it is complete: it is finished now, with the end of this run.
      if (output.order_complete)
        await scope.manager.query(
          `update production_order set status = 'finished', finished_at = $2
            where id = $1 and not exists (select 1 from order_die other where other.order_id = $1 and other.end_extrusion_time is null)`,
          [order.id, stopped.end_extrusion_time],
        );
      const [{ status: orderStatus }] = await scope.manager.query(`select status from production_order where id = $1`, [order.id]);
      return {
        ...stopped,
        order_status: orderStatus as OrderStatus,
        active_timer: false,
        figures: productionFigures([
          {
            start: stopped.start_extrusion_time,
            end: stopped.end_extrusion_time,
            billets_pushed: stopped.billets_pushed,
            billet_kg: weight,
            good_kg: output.good_kg,
            scrap_kg: output.scrap_kg,
          },
        ]),
      };
    });
  }

  /** Figures per line over a period (default: the last 30 days; days alone in the company's time zone), from finished runs that started in it. */
  lineFigures(from?: string, to?: string) {
    return this.tenantDb.transaction(async (scope) => {
      const timeZone = await companyTimeZone(scope);
      const until = to ? periodInstant(to, 'to', timeZone).getTime() : Date.now();
      const since = from ? periodInstant(from, 'from', timeZone).getTime() : until - 30 * 86_400_000;
      const lines = await scope.repository(ExtrusionLineEntity).find({ order: { name: 'ASC' } });
      const runs: { line_id: number; start: Date; end: Date; billets_pushed: number; billet_kg: number; good_kg: number; scrap_kg: number }[] =
        await scope.manager.query(
          `select line_id, start_extrusion_time as start, end_extrusion_time as "end", billets_pushed,
                billet_kg::float8 as billet_kg, good_kg::float8 as good_kg, scrap_kg::float8 as scrap_kg
           from order_die where company_id = $1 and end_extrusion_time is not null and start_extrusion_time >= $2 and start_extrusion_time < $3`,
          [scope.companyId, new Date(since), new Date(until)],
        );
      return {
        from: new Date(since).toISOString(),
        to: new Date(until).toISOString(),
        lines: lines.map((line) => ({
          line_id: line.id,
          line_name: line.name,
          net_productivity_goal_kg_h: line.net_productivity_goal_kg_h,
          figures: productionFigures(runs.filter((run) => run.line_id === line.id)),
        })),
      };
    });
  }
}
