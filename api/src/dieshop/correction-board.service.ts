import { HttpStatus, Injectable } from '@nestjs/common';
import {
  CORRECTION_BOARD_CLOSED_DAYS,
  CORRECTION_BOARD_COLUMNS,
  correctionBoardColumnOf,
  correctionMessages,
  whyNotMoveCorrection,
  type CorrectionBoard,
  type CorrectionCard,
  type CorrectorBoard,
} from '@planta/contracts';
import type { z } from 'zod';
import type { correctionBoardMoveSchema, correctorBoardMoveSchema } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { correctors, currentAttempt, lockRecord, OPEN_STATUSES_SQL, recordRow, recordRows } from './correction.queries';
import { CorrectionService } from './correction.service';

/** Queues by due date, the ones without a date last. */
const QUEUE_ORDER = 'c.due_at asc nulls last, c.opened_at, c.id';

/**
 * The two boards of the corrections (domain.md A2.2): the correction board (records by state,
 * moves checked by whyNotMoveCorrection, the die following) and the corrector board (a lane per
 * corrector; a drop on another lane reassigns and notifies). Each move checks the card's version,
 * so a move made on a stale board is refused rather than undoing someone else's.
 */
@Injectable()
export class CorrectionBoardService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly corrections: CorrectionService,
  ) {}

  board(): Promise<CorrectionBoard> {
    return this.tenantDb.transaction(async (scope) => {
      const cards = await recordRows(
        scope,
        `(c.status in (${OPEN_STATUSES_SQL}) or (c.status = 'closed' and c.closed_at > now() - make_interval(days => $2)))`,
        [CORRECTION_BOARD_CLOSED_DAYS],
        QUEUE_ORDER,
      );
      return {
        columns: CORRECTION_BOARD_COLUMNS.map((status) => ({ status, cards: cards.filter((card) => correctionBoardColumnOf(card.status) === status) })),
      };
    });
  }

  move(caller: RequestIdentity, move: z.output<typeof correctionBoardMoveSchema>): Promise<CorrectionCard> {
    return this.corrections.changing(async (scope, announcement) => {
      const record = await this.lockCurrent(scope, move.id, move.version);
      const attempt = await currentAttempt(scope, record.id);
      const correctorId = move.to === 'assigned' && move.corrector_id !== undefined ? move.corrector_id : record.assigned_corrector_id;
      const refused = whyNotMoveCorrection({ ...record, assigned_corrector_id: correctorId, current_attempt: attempt }, move.to);
      if (refused) throw fieldError('to', refused, HttpStatus.CONFLICT);
      if (correctorId !== record.assigned_corrector_id) {
        const sets: string[] = [];
        const params: unknown[] = [record.id];
        await this.corrections.reassign(scope, caller, record, correctorId, announcement, (column, value) => sets.push(`${column} = $${params.push(value)}`));
        await scope.manager.query(`update correction_record set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
        record.assigned_corrector_id = correctorId;
      }
      await this.corrections.changeState(scope, caller, record, move.to);
      announcement.changed.add(record.id);
      return recordRow(scope, record.id);
    });
  }

  correctorBoard(): Promise<CorrectorBoard> {
    return this.tenantDb.transaction(async (scope) => {
      const cards = await recordRows(scope, `c.status in (${OPEN_STATUSES_SQL}) and c.status <> 'draft'`, [], QUEUE_ORDER);
      const lanes = (await correctors(scope)).map((corrector) => ({ corrector, cards: [] as CorrectionCard[] }));
      const unassigned: CorrectionCard[] = [];
      for (const card of cards) {
        if (card.assigned_corrector_id === null) {
          unassigned.push(card);
          continue;
        }
        let lane = lanes.find((candidate) => candidate.corrector.id === card.assigned_corrector_id);
        // Someone no longer on the correctors' list keeps a lane while they hold work.
        if (!lane) lanes.push((lane = { corrector: { id: card.assigned_corrector_id, name: card.corrector_name ?? '' }, cards: [] }));
        lane.cards.push(card);
      }
      return { lanes, unassigned };
    });
  }

  correctorMove(caller: RequestIdentity, move: z.output<typeof correctorBoardMoveSchema>): Promise<CorrectionCard> {
    return this.corrections.changing(async (scope, announcement) => {
      const record = await this.lockCurrent(scope, move.id, move.version);
      if (!['draft', 'reported', 'analysis', 'assigned', 'in_correction', 'in_trial'].includes(record.status))
        throw fieldError('corrector_id', correctionMessages.finished(record.status), HttpStatus.CONFLICT);
      if (move.corrector_id === record.assigned_corrector_id) return recordRow(scope, record.id);
      if (move.corrector_id === null && ['in_correction', 'in_trial'].includes(record.status))
        throw fieldError('corrector_id', correctionMessages.keepCorrector, HttpStatus.CONFLICT);
      const sets: string[] = [];
      const params: unknown[] = [record.id];
      await this.corrections.reassign(scope, caller, record, move.corrector_id, announcement, (column, value) =>
        sets.push(`${column} = $${params.push(value)}`),
      );
      // 'Asignada' means someone has it: without anyone it is reported again.
      if (move.corrector_id === null && record.status === 'assigned') sets.push(`status = 'reported'`);
      await scope.manager.query(`update correction_record set ${sets.join(', ')}, version = version + 1, updated_at = now() where id = $1`, params);
      announcement.changed.add(record.id);
      return recordRow(scope, record.id);
    });
  }

  /** The record, locked, as long as the mover saw its current version. */
  private async lockCurrent(scope: TenantScope, id: number, version: number) {
    const record = await lockRecord(scope, id);
    if (record.version !== version) throw fieldError('version', correctionMessages.staleVersion, HttpStatus.CONFLICT);
    return record;
  }
}
