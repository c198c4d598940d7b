import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { dieLifeMessages, messages, whyNotMoveDie, type DieEventKind, type DieState } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import type { TenantScope } from '../tenancy/tenant-db.service';

export interface DieMoveOptions {
  /** What happened (the log's kind): a cleaning, a nitriding confirmation, a plain move... */
  kind: DieEventKind;
  userId: number | null;
  note?: string;
  /** The record of the action (a cleaning, a batch, an enlistment). */
  refId?: number | null;
  /** The state the caller saw: refused if the die has moved meanwhile. */
  expected?: DieState;
  at?: Date;
}

/** A die's state as read inside the caller's transaction (and locked until it ends). */
export async function lockDie(scope: TenantScope, dieId: number): Promise<{ id: number; state: DieState }> {
  const [die] = await scope.manager.query(`select id, state from die where id = $1 and company_id = $2 for update`, [dieId, scope.companyId]);
  if (!die) throw new NotFoundException(messages.notFound);
  return die as { id: number; state: DieState };
}

/**
 * The die's life (domain.md A2.2), kept in one place: every die-shop action moves a die through
 * `move`, inside the action's own transaction, so the move, the guard and the log line are saved
 * together or not at all. A run puts a die on the press by itself (trigger `order_die_moves_die`).
 */
@Injectable()
export class DieLifeService {
  /** Moves the die (or logs the action when `to` is its state) and answers the state it left. */
  async move(scope: TenantScope, dieId: number, to: DieState, options: DieMoveOptions): Promise<DieState> {
    const die = await lockDie(scope, dieId);
    if (options.expected && options.expected !== die.state) throw fieldError('to', dieLifeMessages.stale, HttpStatus.CONFLICT);
    if (to === 'press' && die.state !== 'press') throw fieldError('to', dieLifeMessages.pressByRun, HttpStatus.CONFLICT);
    if (to === 'scrapped' && options.kind !== 'scrap') throw fieldError('to', dieLifeMessages.scrapWithItsAction, HttpStatus.CONFLICT);
    const refused = whyNotMoveDie(die.state, to);
    if (refused) throw fieldError('to', refused, HttpStatus.CONFLICT);
    if (die.state === 'press' && to !== 'press') {
      const running = await scope.manager.query(`select 1 from order_die where die_id = $1 and end_extrusion_time is null`, [die.id]);
      if (running.length > 0) throw fieldError('to', dieLifeMessages.runningNow, HttpStatus.CONFLICT);
    }
    const at = options.at ?? new Date();
    if (to !== die.state) await scope.manager.query(`update die set state = $2, state_since = $3 where id = $1`, [die.id, to, at]);
    await scope.manager.query(
      `insert into die_event (company_id, die_id, at, user_id, kind, from_state, to_state, ref_id, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [scope.companyId, die.id, at, options.userId, options.kind, die.state, to, options.refId ?? null, options.note ?? ''],
    );
    return die.state;
  }
}
