import { ConflictException, ForbiddenException, HttpStatus, Injectable } from '@nestjs/common';
import { productionMessages, type DimensionRecord, type LateCheck, type SavedDimensionRecord } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { CorrectionService, type Announcement } from '../dieshop/correction.service';
import { withTolerances } from '../dieshop/profile-tolerance';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { DimensionRecordEntity } from './dimension-record.entity';
import { OrderDieEntity } from './order-die.entity';
import { runChecks, runMarks } from './run-marks';
import { runPauses } from './run-pauses';

/**
 * A missed 10-minute check answered late from 'Mi extrusión' (issue 37): by the operator who
 * started the run, while it runs, once per missed mark. The records keep the mark they answer and
 * when they were made, so every figure counts the mark as late ('tardío'), not as on time.
 */
@Injectable()
export class LateCheckService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly corrections: CorrectionService,
  ) {}

  async answer(caller: RequestIdentity, orderDieId: number, input: LateCheck, answeredAt = new Date()): Promise<SavedDimensionRecord[]> {
    let draft: Announcement | null = null;
    const answer = await this.tenantDb.transaction(async (scope) => {
      // Locked: two answers of one mark must not both find it unanswered.
      const [run]: Pick<OrderDieEntity, 'id' | 'line_id' | 'started_by' | 'start_extrusion_time' | 'end_extrusion_time'>[] = await scope.manager.query(
        `select id, line_id, started_by, start_extrusion_time, end_extrusion_time from order_die where company_id = $1 and id = $2 for update`,
        [scope.companyId, orderDieId],
      );
      if (!run) throw fieldError('orderDieId', 'La extrusión no existe', HttpStatus.NOT_FOUND);
      if (run.started_by !== caller.userId) throw new ForbiddenException(productionMessages.lateCheckOnlyYours);
      if (run.end_extrusion_time !== null) throw new ConflictException(productionMessages.orderDieNotRunning);
      const checks = await runChecks(scope, [run.id]);
      const pauses = await runPauses(scope, [{ id: run.id, line_id: run.line_id, start: run.start_extrusion_time, end: null }]);
      const mark = runMarks(run.start_extrusion_time, null, checks.get(run.id), answeredAt, pauses.get(run.id)).find(
        (candidate) => Date.parse(candidate.at) === Date.parse(input.mark_at),
      );
      if (mark?.state === 'late') throw fieldError('mark_at', productionMessages.lateCheckAnswered, HttpStatus.CONFLICT);
      if (mark?.state !== 'missed') throw fieldError('mark_at', productionMessages.lateCheckNotMissed, HttpStatus.CONFLICT);
      const saved: DimensionRecord[] = [];
      for (const [dimension_text, dimension_value] of [
        ['DimensionA', input.dimension_a],
        ['DimensionB', input.dimension_b],
      ] as const) {
        const row = await scope.repository(DimensionRecordEntity).create({
          order_die_id: run.id,
          dimension_text,
          dimension_value,
          date_saved: answeredAt,
          answers_mark: new Date(mark.at),
          saved_by: caller.userId,
        });
        saved.push({ order_dies_id: run.id, dimension_text, dimension_value: Number(row.dimension_value), date_saved: row.date_saved.toISOString() });
      }
      // Repeated out-of-tolerance checks open a draft correction, late ones too (never at the cost of the check).
      draft = await this.corrections.draftFromChecks(scope, caller, run.id);
      return withTolerances(scope, run.id, saved);
    });
    await this.corrections.announce(draft);
    return answer;
  }
}
