import { ConflictException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import {
  billetCrossSectionArea,
  dieLifeMessages,
  periodInstant,
  PLANNING_BOARD_CHANGED,
  productionMessages,
  type MyRun,
  type RunPause,
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
import { billetKg, productionFigures, productionFiguresOf, runningHoursSql } from './figures';
import { runChecks, runMarks } from './run-marks';
import { runTolerances } from '../dieshop/profile-tolerance';
import { RUN_PARTS_PER_LINE } from '../indicators/indicators.queries';
import { OrderDieEntity } from './order-die.entity';
import { ProductionOrderEntity } from './production-order.entity';
import { runPauses, pauseView } from './run-pauses';
import { refuseStartIfUnavailable, startOptions } from './run-start.rules';
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
        // A busy or stopped press, a die copy on a press or not in a state to run (run-start.rules.ts).
        await refuseStartIfUnavailable(scope, line.id, die.id);
        // Its open preparation ends with the run, or refuses it while unfinished (unless overridden).
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

  /** The presses and the order's die copies for a new run, each that cannot start one now with why (the start form). */
  startOptions(caller: RequestIdentity, orderId: number | undefined) {
    return this.tenantDb.transaction((scope) => startOptions(scope, caller, orderId ?? null));
  }

  /**
   * The runs the caller started that are still running (the welcome dashboard's 'Mi extrusión'),
   * with their last on-time dimension check, the 10-minute marks missed and not yet answered late
   * (each can be), the marks answered late, and the profile tolerances of A and B.
   */
  mine(caller: RequestIdentity): Promise<MyRun[]> {
    return this.tenantDb.transaction(async (scope) => {
      const runs: (Omit<MyRun, 'start_extrusion_time' | 'last_check_at' | 'missed_checks' | 'missed_marks' | 'late_checks' | 'tolerances' | keyof RunPause> & {
        start_extrusion_time: Date;
      })[] = await scope.manager.query(
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
      const ids = runs.map((run) => run.id);
      const checks = await runChecks(scope, ids);
      const tolerances = await runTolerances(scope, ids);
      const now = new Date();
      const pauses = await runPauses(
        scope,
        runs.map((run) => ({ id: run.id, line_id: run.line_id, start: run.start_extrusion_time, end: null })),
      );
      return runs.map(({ start_extrusion_time: start, ...run }) => {
        const paused = pauses.get(run.id) ?? [];
        const marks = runMarks(start, null, checks.get(run.id), now, paused);
        const missed = marks.filter((mark) => mark.state === 'missed').map((mark) => mark.at);
        return {
          ...run,
          start_extrusion_time: start.toISOString(),
          last_check_at: checks.get(run.id)?.onTime.at(-1)?.toISOString() ?? null,
          missed_checks: missed.length,
          missed_marks: missed,
          late_checks: marks.filter((mark) => mark.state === 'late').length,
          tolerances: tolerances.get(run.id) ?? [],
          ...pauseView(paused, start, null, now),
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
      const [{ order_status: orderStatus, running_hours: runningHours }]: { order_status: string; running_hours: number }[] = await scope.manager.query(
        `select o.status as order_status, ${runningHoursSql('run')} as running_hours
           from order_die run join production_order o on o.id = run.order_id where run.id = $1`,
        [run.id],
      );
      return {
        ...stopped,
        order_status: orderStatus as OrderStatus,
        active_timer: false,
        figures: productionFigures([
          {
            start: stopped.start_extrusion_time,
            end: stopped.end_extrusion_time,
            running_hours: runningHours,
            billets_pushed: stopped.billets_pushed,
            billet_kg: weight,
            good_kg: output.good_kg,
            scrap_kg: output.scrap_kg,
          },
        ]),
      };
    });
  }

  /**
   * Figures per line over a period (default: the last 30 days; days alone in the company's time
   * zone): what the period produced (RUN_PARTS_PER_LINE, the indicators' definition), so a line's
   * kg here are its kg on 'Indicadores clave' for the same period.
   */
  lineFigures(from?: string, to?: string) {
    return this.tenantDb.transaction(async (scope) => {
      const timeZone = await companyTimeZone(scope);
      const until = to ? periodInstant(to, 'to', timeZone).getTime() : Date.now();
      const since = from ? periodInstant(from, 'from', timeZone).getTime() : until - 30 * 86_400_000;
      const lines = await scope.repository(ExtrusionLineEntity).find({ order: { name: 'ASC' } });
      const parts: { line_id: number; runs: number; hours: string; billets_pushed: number; billet_kg: string; good_kg: string; scrap_kg: string }[] =
        await scope.manager.query(RUN_PARTS_PER_LINE, [scope.companyId, new Date(since), new Date(until)]);
      const none = { runs: 0, hours: 0, billets_pushed: 0, billet_kg: 0, good_kg: 0, scrap_kg: 0 };
      return {
        from: new Date(since).toISOString(),
        to: new Date(until).toISOString(),
        lines: lines.map((line) => {
          const part = parts.find((row) => row.line_id === line.id);
          return {
            line_id: line.id,
            line_name: line.name,
            net_productivity_goal_kg_h: line.net_productivity_goal_kg_h,
            figures: productionFiguresOf(
              part
                ? {
                    runs: part.runs,
                    hours: Number(part.hours),
                    billets_pushed: part.billets_pushed,
                    billet_kg: Number(part.billet_kg),
                    good_kg: Number(part.good_kg),
                    scrap_kg: Number(part.scrap_kg),
                  }
                : none,
            ),
          };
        }),
      };
    });
  }
}
