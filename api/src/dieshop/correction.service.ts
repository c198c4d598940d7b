import { HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  CORRECTION_BOARD_CHANGED,
  CORRECTION_DEFAULTS,
  correctionLogNotes,
  correctionMessages,
  correctionNotices,
  correctionReportPath,
  DIMENSION_LABELS,
  liveEvents,
  mentionedDieIds,
  mentionedUserIds,
  mentionExcerpt,
  whyNotMoveDie,
  withinTolerance,
  type CorrectionComment,
  type CorrectionPeople,
  type CorrectionRecordDetail,
  type CorrectionRecordListQuery,
  type CorrectionRecordRow,
  type CorrectionReportDetail,
  type CorrectionSettings,
  type CorrectionStatus,
  type DieEventKind,
  type DieState,
  type RunCondition,
} from '@planta/contracts';
import type { z } from 'zod';
import type {
  correctionCanvasSchema,
  correctionCommentCreateSchema,
  correctionCommentQuerySchema,
  correctionRecordCreateSchema,
  correctionRecordUpdateSchema,
  correctionReportCreateSchema,
  correctionReportUpdateSchema,
  correctionSettingsUpdateSchema,
  correctionTrialSchema,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { sortColumn } from '../common/sort-column';
import { containsFoldedSql } from '../common/text-search';
import { NotificationsService, type NewNotification } from '../notifications/notifications.service';
import { RealtimeService } from '../realtime/realtime.service';
import { requestContext, type RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import {
  activeMember,
  correctionLeads,
  correctors,
  currentAttempt,
  drawingOf,
  lockRecord,
  OPEN_STATUSES_SQL,
  people,
  readRecordDetail,
  readReportDetail,
  RECORD_COLUMNS,
  RECORD_FROM,
  recordRow,
  reportRow,
  comments as readComments,
  type RecordState,
} from './correction.queries';
import { DieLifeService, lockDie } from './die-life.service';

type Create = z.output<typeof correctionRecordCreateSchema>;
type Update = z.output<typeof correctionRecordUpdateSchema>;
type ReportUpdate = z.output<typeof correctionReportUpdateSchema>;
type Trial = z.output<typeof correctionTrialSchema>;

/** A notification to send once the transaction that caused it has committed. */
export type Outgoing = { userId: number; notification: NewNotification };

/** What a committed change has to say: its notifications and the records whose cards changed. */
export class Announcement {
  readonly outgoing: Outgoing[] = [];
  readonly changed = new Set<number>();
  constructor(readonly companyId: number) {}
}

const LIST_SORTS: Record<string, string> = {
  number: 'c.number',
  die_label: `d.die_reference || '-' || d.copy_number`,
  status: 'c.status',
  origin: 'c.origin',
  severity: 'c.severity',
  corrector_name: 'lower(cu.display_name)',
  due_at: 'c.due_at',
  opened_at: 'c.opened_at',
  closed_at: 'c.closed_at',
};

/** Statuses that end a record: it gets its closing date. */
const FINAL: readonly CorrectionStatus[] = ['closed', 'discarded', 'scrapped'];

/**
 * The corrections of the die shop (issue 14): records (non-conformities), their attempts, their
 * discussions and settings, and the rules every path that changes a record shares (the die's state
 * follows the record, the board's moves, the automatic draft). The boards are CorrectionBoardService.
 */
@Injectable()
export class CorrectionService {
  private readonly logger = new Logger('Corrections');

  constructor(
    private readonly tenantDb: TenantDb,
    private readonly life: DieLifeService,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Sends the notifications and tells the company's boards, after the commit. */
  async announce(announcement: Announcement | null): Promise<void> {
    if (!announcement) return;
    for (const { userId, notification } of announcement.outgoing) await this.notifications.notify(userId, notification, announcement.companyId);
    for (const id of announcement.changed) this.realtime.toCompany(announcement.companyId, CORRECTION_BOARD_CHANGED, { id });
  }

  /** A transaction whose announcement goes out once it has committed. */
  async changing<T>(work: (scope: TenantScope, announcement: Announcement) => Promise<T>): Promise<T> {
    const announcement = new Announcement(requestContext.current().companyId);
    const result = await this.tenantDb.transaction((scope) => work(scope, announcement));
    await this.announce(announcement);
    return result;
  }

  // ------------------------------------------------------------------------------ records

  list(query: CorrectionRecordListQuery): Promise<PageOf<CorrectionRecordRow>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['c.company_id = $1'];
      if (query.status) where.push(`c.status = ${bind(query.status)}`);
      if (query.origin) where.push(`c.origin = ${bind(query.origin)}`);
      if (query.corrector_id) where.push(`c.assigned_corrector_id = ${bind(query.corrector_id)}`);
      if (query.die_id) where.push(`c.die_id = ${bind(query.die_id)}`);
      if (query.overdue !== undefined)
        where.push(`${query.overdue ? '' : 'not '}(c.due_at is not null and c.due_at < now() and c.status in (${OPEN_STATUSES_SQL}))`);
      if (query.open !== undefined) where.push(`${query.open ? '' : 'not '}(c.status in (${OPEN_STATUSES_SQL}))`);
      if (query.search)
        where.push(
          containsFoldedSql(
            ['c.number', `d.die_reference || '-' || d.copy_number`, "coalesce(df.name, '')", 'c.description', "coalesce(p.code, '')"],
            bind(query.search),
          ),
        );
      const sort = sortColumn(LIST_SORTS, query.sort, 'c.opened_at');
      const direction = sortColumn(LIST_SORTS, query.sort, null) ? query.direction : 'desc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${RECORD_FROM} where ${where.join(' and ')}`, params);
      const items = await scope.manager.query(
        `${RECORD_COLUMNS} ${RECORD_FROM} where ${where.join(' and ')}
          order by ${sort} ${direction} nulls last, c.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  detail(id: number): Promise<CorrectionRecordDetail> {
    return this.tenantDb.transaction((scope) => readRecordDetail(scope, id));
  }

  create(caller: RequestIdentity, body: Create): Promise<CorrectionRecordDetail> {
    return this.changing(async (scope, announcement) => {
      const id = await this.open(scope, caller, body, announcement);
      return readRecordDetail(scope, id);
    });
  }

  /**
   * Inserts a record (checking what it refers to); unless a draft, the die goes to correction when
   * it may. A die with an open record gets no second one: 409 on `die_id`.
   */
  async open(scope: TenantScope, caller: RequestIdentity | null, body: Create & { auto_draft?: boolean }, announcement: Announcement): Promise<number> {
    const die = await lockDie(scope, body.die_id).catch((error: unknown) => {
      throw error instanceof NotFoundException ? fieldError('die_id', correctionMessages.dieMissing) : error;
    });
    if (die.state === 'scrapped') throw fieldError('die_id', correctionMessages.dieScrapped, HttpStatus.CONFLICT);
    const [open] = await scope.manager.query(`select number from correction_record where die_id = $1 and status in (${OPEN_STATUSES_SQL})`, [die.id]);
    if (open) throw fieldError('die_id', `La matriz ya tiene la corrección ${open.number} abierta`, HttpStatus.CONFLICT);
    await this.checkReferences(scope, die.id, body);
    const corrector = body.assigned_corrector_id
      ? await activeMember(scope, body.assigned_corrector_id, 'assigned_corrector_id', correctionMessages.correctorNotMember)
      : null;
    const status: CorrectionStatus = body.draft ? 'draft' : 'reported';
    const [record] = await scope.manager.query(
      `insert into correction_record (company_id, number, die_id, description, status, created_by, origin, order_die_id, defect_id, dimension_label,
                                      measured_mm, nominal_mm, tol_minus, tol_plus, severity, assigned_corrector_id, due_at, auto_draft)
       values ($1, next_document_number($1, 'NC', now()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       returning id, number`,
      [
        scope.companyId,
        die.id,
        body.description,
        status,
        caller?.userId ?? null,
        body.origin,
        body.order_die_id ?? null,
        body.defect_id ?? null,
        body.dimension_label ?? null,
        body.measured_mm ?? null,
        body.nominal_mm ?? null,
        body.tol_minus ?? null,
        body.tol_plus ?? null,
        body.severity,
        corrector?.id ?? null,
        body.due_at ?? null,
        body.auto_draft ?? false,
      ],
    );
    if (status !== 'draft') await this.opened(scope, caller, { id: record.id, number: record.number, die_id: die.id });
    if (corrector && corrector.id !== caller?.userId)
      announcement.outgoing.push(await this.assignmentNotice(scope, { ...record, die_id: die.id }, corrector.id));
    announcement.changed.add(record.id);
    return record.id;
  }

  /** The assignment's notification, with the die's label. */
  async assignmentNotice(scope: TenantScope, record: { id: number; number: string; die_id: number }, correctorId: number): Promise<Outgoing> {
    const [die] = await scope.manager.query(`select die_reference || '-' || copy_number as label from die where id = $1`, [record.die_id]);
    return {
      userId: correctorId,
      notification: {
        event: liveEvents.labeledUserInCorrectionOrder,
        text: correctionNotices.assigned(record.number, die?.label ?? ''),
        variant: 'info',
        hypothalum_id: record.id,
      },
    };
  }

  /** A record leaves the draft: the die counts one more correction and goes to correction when it may. */
  async opened(scope: TenantScope, caller: RequestIdentity | null, record: { id: number; number: string; die_id: number }): Promise<void> {
    await scope.manager.query(`update die set corrections_count = corrections_count + 1 where id = $1`, [record.die_id]);
    await this.followDie(scope, record.die_id, 'correction', 'correction', caller, record.id, correctionLogNotes.opened(record.number));
  }

  /**
   * The die follows its record (domain.md A2.2) where the die's life allows it; otherwise it waits:
   * a die on the press goes to cleaning first, and a die in cleaning goes on by its inspection.
   */
  async followDie(
    scope: TenantScope,
    dieId: number,
    to: DieState,
    kind: DieEventKind,
    caller: RequestIdentity | null,
    refId: number,
    note: string,
  ): Promise<void> {
    const die = await lockDie(scope, dieId);
    if (die.state === to || die.state === 'cleaning' || whyNotMoveDie(die.state, to) !== null) return;
    await this.life.move(scope, dieId, to, { kind, userId: caller?.userId ?? null, refId, note });
  }

  private async checkReferences(scope: TenantScope, dieId: number, body: Partial<Create>): Promise<void> {
    if (body.order_die_id) {
      const [run] = await scope.manager.query(`select 1 from order_die where company_id = $1 and id = $2 and die_id = $3`, [
        scope.companyId,
        body.order_die_id,
        dieId,
      ]);
      if (!run) throw fieldError('order_die_id', correctionMessages.runMissing);
    }
    if (body.defect_id) {
      const [defect] = await scope.manager.query(`select 1 from correction_defect where company_id = $1 and id = $2`, [scope.companyId, body.defect_id]);
      if (!defect) throw fieldError('defect_id', correctionMessages.defectMissing);
    }
  }

  update(caller: RequestIdentity, id: number, body: Update): Promise<CorrectionRecordDetail> {
    return this.changing(async (scope, announcement) => {
      const record = await lockRecord(scope, id);
      if (FINAL.includes(record.status)) throw fieldError('id', correctionMessages.finished(record.status), HttpStatus.CONFLICT);
      await this.checkReferences(scope, record.die_id, body);
      const sets: string[] = [];
      const params: unknown[] = [scope.companyId, id];
      const set = (column: string, value: unknown) => sets.push(`${column} = $${params.push(value)}`);
      for (const column of [
        'origin',
        'order_die_id',
        'defect_id',
        'dimension_label',
        'measured_mm',
        'nominal_mm',
        'tol_minus',
        'tol_plus',
        'description',
        'severity',
        'due_at',
        'effectiveness',
      ] as const) {
        if (body[column] !== undefined) set(column, body[column]);
      }
      if (body.assigned_corrector_id !== undefined && body.assigned_corrector_id !== record.assigned_corrector_id) {
        await this.reassign(scope, caller, record, body.assigned_corrector_id, announcement, set);
      }
      if (sets.length > 0) {
        await scope.manager.query(
          `update correction_record set ${sets.join(', ')}, version = version + 1, updated_at = now() where company_id = $1 and id = $2`,
          params,
        );
        announcement.changed.add(id);
      }
      return readRecordDetail(scope, id);
    });
  }

  /** A new corrector (or none): checked, notified; the open attempt passes to them. */
  async reassign(
    scope: TenantScope,
    caller: RequestIdentity,
    record: RecordState,
    correctorId: number | null,
    announcement: Announcement,
    set: (column: string, value: unknown) => void,
  ): Promise<void> {
    const corrector = correctorId === null ? null : await activeMember(scope, correctorId, 'corrector_id', correctionMessages.correctorNotMember);
    set('assigned_corrector_id', corrector?.id ?? null);
    if (corrector) {
      await scope.manager.query(`update correction_report set corrector_id = $2 where correction_record_id = $1 and trial_result = 'pending'`, [
        record.id,
        corrector.id,
      ]);
      if (corrector.id !== caller.userId) announcement.outgoing.push(await this.assignmentNotice(scope, record, corrector.id));
    }
  }

  canvas(caller: RequestIdentity, id: number, canvas: z.output<typeof correctionCanvasSchema>): Promise<CorrectionRecordDetail> {
    return this.changing(async (scope, announcement) => {
      const record = await lockRecord(scope, id);
      if (FINAL.includes(record.status)) throw fieldError('id', correctionMessages.finished(record.status), HttpStatus.CONFLICT);
      await scope.manager.query(`update correction_record set canvas = $2, version = version + 1, updated_at = now() where id = $1`, [
        id,
        JSON.stringify(canvas),
      ]);
      announcement.changed.add(id);
      return readRecordDetail(scope, id);
    });
  }

  /** The drawing under the canvas of a record (or of an attempt's record). */
  drawing(target: { recordId?: number; reportId?: number }) {
    return this.tenantDb.transaction((scope) => drawingOf(scope, target));
  }

  people(): Promise<CorrectionPeople> {
    return this.tenantDb.transaction((scope) => people(scope));
  }

  // ------------------------------------------------------------------------------ state changes

  /**
   * Puts a record in `to` with what the state means (the board's moves, the trial's result): the
   * die follows, an attempt opens or is decided, the closing date and effectiveness are set.
   * The caller has checked the move (whyNotMoveCorrection).
   */
  async changeState(
    scope: TenantScope,
    caller: RequestIdentity | null,
    record: RecordState,
    to: CorrectionStatus,
    options: { effectiveness?: 'effective' | 'not_effective'; trialNote?: string } = {},
  ): Promise<void> {
    const from = record.status;
    if (from === to) return;
    const attempt = await currentAttempt(scope, record.id);
    const extra: string[] = [];
    if (from === 'draft' && to !== 'discarded') await this.opened(scope, caller, record);
    if (to === 'in_correction') {
      if (from === 'in_trial' && attempt && attempt.trial_result === 'pending') {
        await scope.manager.query(`update correction_report set trial_result = 'rejected', trial_note = $2, finished_at = now() where id = $1`, [
          attempt.id,
          options.trialNote ?? '',
        ]);
      }
      const decided = !attempt || attempt.trial_result !== 'pending' || from === 'in_trial';
      if (decided) await this.newAttempt(scope, record);
      const note = from === 'in_trial' && attempt ? correctionLogNotes.rejected(record.number, attempt.attempt_no) : correctionLogNotes.opened(record.number);
      await this.followDie(scope, record.die_id, 'correction', 'correction', caller, record.id, note);
    }
    if (to === 'in_trial') {
      await this.followDie(scope, record.die_id, 'trial', 'trial', caller, record.id, correctionLogNotes.toTrial(record.number, attempt?.attempt_no ?? 1));
    }
    if (to === 'closed') {
      extra.push(`effectiveness = '${options.effectiveness ?? 'effective'}'`);
      await this.followDie(scope, record.die_id, 'in_stock', 'trial', caller, record.id, correctionLogNotes.closed(record.number));
    }
    if (to === 'discarded') {
      // Its die was waiting in correction for nothing else: back to stock.
      const [other] = await scope.manager.query(`select 1 from correction_record where die_id = $1 and id <> $2 and status in (${OPEN_STATUSES_SQL})`, [
        record.die_id,
        record.id,
      ]);
      if (!other && from !== 'draft') {
        const die = await lockDie(scope, record.die_id);
        if (die.state === 'correction')
          await this.life.move(scope, record.die_id, 'in_stock', {
            kind: 'correction',
            userId: caller?.userId ?? null,
            refId: record.id,
            note: `Corrección ${record.number} descartada`,
          });
      }
    }
    if (FINAL.includes(to)) extra.push('closed_at = now()');
    await scope.manager.query(
      `update correction_record set status = $2, ${extra.length > 0 ? `${extra.join(', ')}, ` : ''}version = version + 1, updated_at = now() where id = $1`,
      [record.id, to],
    );
    record.status = to;
  }

  /** The next attempt of a record, for its corrector. */
  async newAttempt(scope: TenantScope, record: RecordState): Promise<number> {
    const [report] = await scope.manager.query(
      `insert into correction_report (company_id, correction_record_id, attempt_no, corrector_id, findings)
       values ($1, $2, coalesce((select max(attempt_no) from correction_report where correction_record_id = $2), 0) + 1, $3, '')
       returning id`,
      [scope.companyId, record.id, record.assigned_corrector_id],
    );
    return report.id;
  }

  // ------------------------------------------------------------------------------ reports

  report(id: number): Promise<CorrectionReportDetail> {
    return this.tenantDb.transaction((scope) => readReportDetail(scope, id));
  }

  createReport(caller: RequestIdentity, body: z.output<typeof correctionReportCreateSchema>): Promise<CorrectionReportDetail> {
    return this.changing(async (scope, announcement) => {
      const record = await lockRecord(scope, body.correction_record_id, 'correction_record_id');
      const attempt = await currentAttempt(scope, record.id);
      if (!['assigned', 'in_correction'].includes(record.status) || (attempt && attempt.trial_result === 'pending'))
        throw fieldError('correction_record_id', correctionMessages.newAttemptState, HttpStatus.CONFLICT);
      let id: number;
      if (record.status === 'assigned') {
        await this.changeState(scope, caller, record, 'in_correction');
        id = (await currentAttempt(scope, record.id))!.id;
      } else {
        id = await this.newAttempt(scope, record);
        await scope.manager.query(`update correction_record set version = version + 1, updated_at = now() where id = $1`, [record.id]);
      }
      announcement.changed.add(record.id);
      return readReportDetail(scope, id);
    });
  }

  private async lockReport(scope: TenantScope, id: number) {
    const [report] = await scope.manager.query(
      `select id, correction_record_id, attempt_no, trial_result from correction_report where company_id = $1 and id = $2`,
      [scope.companyId, id],
    );
    if (!report) throw fieldError('id', correctionMessages.notFound, HttpStatus.NOT_FOUND);
    const record = await lockRecord(scope, report.correction_record_id);
    const attempt = await currentAttempt(scope, record.id);
    if (!attempt || attempt.id !== report.id) throw fieldError('id', correctionMessages.notCurrentAttempt, HttpStatus.CONFLICT);
    return { report: attempt, record };
  }

  updateReport(caller: RequestIdentity, id: number, body: ReportUpdate): Promise<CorrectionReportDetail> {
    return this.changing(async (scope, announcement) => {
      const { report, record } = await this.lockReport(scope, id);
      if (report.trial_result !== 'pending' || FINAL.includes(record.status)) throw fieldError('id', correctionMessages.attemptClosed, HttpStatus.CONFLICT);
      const sets: string[] = [];
      const params: unknown[] = [id];
      const set = (column: string, value: unknown) => sets.push(`${column} = $${params.push(value)}`);
      if (body.operations !== undefined) {
        const ids = [...new Set(body.operations.map((operation) => operation.operation_id))];
        const known: { id: number; name: string }[] = await scope.manager.query(
          `select id, name from correction_operation where company_id = $1 and id = any($2::int[])`,
          [scope.companyId, ids],
        );
        const names = new Map(known.map((operation) => [operation.id, operation.name]));
        const operations = body.operations.map((operation, index) => {
          const name = names.get(operation.operation_id);
          if (name === undefined) throw fieldError(`operations.${index}.operation_id`, correctionMessages.operationMissing);
          return { operation_id: operation.operation_id, operation_name: name, zone: operation.zone, amount: operation.amount, note: operation.note };
        });
        set('operations', JSON.stringify(operations));
      }
      if (body.hours !== undefined) set('hours', body.hours);
      if (body.findings !== undefined) set('findings', body.findings);
      if (body.corrector_id !== undefined) {
        const corrector =
          body.corrector_id === null ? null : await activeMember(scope, body.corrector_id, 'corrector_id', correctionMessages.correctorNotMember);
        set('corrector_id', corrector?.id ?? null);
      }
      if (body.trial_order_die_id !== undefined) {
        if (body.trial_order_die_id !== null) {
          const [run] = await scope.manager.query(`select 1 from order_die where company_id = $1 and id = $2 and die_id = $3`, [
            scope.companyId,
            body.trial_order_die_id,
            record.die_id,
          ]);
          if (!run) throw fieldError('trial_order_die_id', correctionMessages.trialRunMissing);
        }
        set('trial_order_die_id', body.trial_order_die_id);
      }
      if (sets.length > 0) {
        await scope.manager.query(`update correction_report set ${sets.join(', ')} where id = $1`, params);
        await scope.manager.query(`update correction_record set version = version + 1, updated_at = now() where id = $1`, [record.id]);
        announcement.changed.add(record.id);
      }
      return readReportDetail(scope, id);
    });
  }

  /** The trial's result: approved closes the record (die to stock), rejected opens the next attempt (die back to correction). */
  trial(caller: RequestIdentity, id: number, body: Trial): Promise<CorrectionReportDetail> {
    return this.changing(async (scope, announcement) => {
      const { report, record } = await this.lockReport(scope, id);
      if (report.trial_result !== 'pending') throw fieldError('result', correctionMessages.trialDecided, HttpStatus.CONFLICT);
      if (record.status !== 'in_trial') throw fieldError('result', correctionMessages.notInTrial, HttpStatus.CONFLICT);
      if (body.result === 'approved') {
        await scope.manager.query(`update correction_report set trial_result = 'approved', trial_note = $2, finished_at = now() where id = $1`, [
          id,
          body.note,
        ]);
        await this.changeState(scope, caller, record, 'closed', { effectiveness: body.effectiveness ?? 'effective' });
      } else {
        await this.changeState(scope, caller, record, 'in_correction', { trialNote: body.note });
      }
      announcement.changed.add(record.id);
      return readReportDetail(scope, id);
    });
  }

  // ------------------------------------------------------------------------------ discussion

  comments(query: z.output<typeof correctionCommentQuerySchema>): Promise<CorrectionComment[]> {
    return this.tenantDb.transaction(async (scope) => {
      if (query.correction_record_id !== undefined) {
        await recordRow(scope, query.correction_record_id);
        return readComments(scope, { recordId: query.correction_record_id });
      }
      await reportRow(scope, query.correction_report_id!);
      return readComments(scope, { reportId: query.correction_report_id });
    });
  }

  private async reportOf(scope: TenantScope, id: number): Promise<{ id: number; correction_record_id: number; attempt_no: number; number: string }> {
    const [report] = await scope.manager.query(
      `select r.id, r.correction_record_id, r.attempt_no, c.number from correction_report r join correction_record c on c.id = r.correction_record_id
        where r.company_id = $1 and r.id = $2`,
      [scope.companyId, id],
    );
    if (!report) throw fieldError('correction_report_id', correctionMessages.notFound, HttpStatus.NOT_FOUND);
    return report;
  }

  /**
   * A comment on a record or a report. Each `@[Name](id)` mention must be an active member of the
   * company; each mentioned person (but the author) is notified: labeledUserInCorrectionOrder with
   * the record's id (`hypothalum_id`), or labeledUserCorrectionDiscussion with the report's path.
   */
  comment(caller: RequestIdentity, body: z.output<typeof correctionCommentCreateSchema>): Promise<CorrectionComment> {
    return this.changing(async (scope, announcement) => {
      const mentioned = mentionedUserIds(body.text);
      for (const userId of mentioned) await activeMember(scope, userId, 'text', correctionMessages.mentionNotMember);
      // A die mention links to its summary: only the company's own dies.
      const dies = mentionedDieIds(body.text);
      if (dies.length > 0) {
        const [{ found }] = await scope.manager.query(`select count(*)::int as found from die where company_id = $1 and id = any($2)`, [scope.companyId, dies]);
        if (found !== dies.length) throw fieldError('text', correctionMessages.dieMentionMissing);
      }
      const excerpt = mentionExcerpt(body.text);
      let recordId: number;
      let notice: (userId: number) => Outgoing;
      if (body.correction_record_id) {
        const record = await recordRow(scope, body.correction_record_id).catch((error: unknown) => {
          throw error instanceof NotFoundException ? fieldError('correction_record_id', correctionMessages.notFound, HttpStatus.NOT_FOUND) : error;
        });
        recordId = record.id;
        notice = (userId) => ({
          userId,
          notification: {
            event: liveEvents.labeledUserInCorrectionOrder,
            text: correctionNotices.mentionInRecord(record.number, excerpt),
            variant: 'info',
            from: caller.userId,
            hypothalum_id: record.id,
          },
        });
      } else {
        const report = await this.reportOf(scope, body.correction_report_id!);
        recordId = report.correction_record_id;
        const path = correctionReportPath(report);
        notice = (userId) => ({
          userId,
          notification: {
            event: liveEvents.labeledUserCorrectionDiscussion,
            text: correctionNotices.mentionInReport(report.number, report.attempt_no, excerpt),
            variant: 'info',
            from: caller.userId,
            correction_report_path: path,
            // The live event carries the path as `correctionPath` (spec 7).
            correction_path: path,
          },
        });
      }
      const [row] = await scope.manager.query(
        `insert into correction_comment (company_id, correction_record_id, correction_report_id, author_id, text, mentions)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [scope.companyId, body.correction_record_id ?? null, body.correction_report_id ?? null, caller.userId, body.text, mentioned],
      );
      for (const userId of mentioned.filter((userId) => userId !== caller.userId)) announcement.outgoing.push(notice(userId));
      announcement.changed.add(recordId);
      const all = await readComments(scope, body.correction_record_id ? { recordId: body.correction_record_id } : { reportId: body.correction_report_id! });
      return all.find((comment) => comment.id === row.id)!;
    });
  }

  // ------------------------------------------------------------------------------ settings

  settings(): Promise<CorrectionSettings> {
    return this.tenantDb.transaction((scope) => this.readSettings(scope));
  }

  private async readSettings(scope: TenantScope): Promise<CorrectionSettings> {
    const [row] = await scope.manager.query(`select correction_draft_after, corrector_ids from correction_setting where company_id = $1`, [scope.companyId]);
    return {
      correction_draft_after: row?.correction_draft_after ?? CORRECTION_DEFAULTS.draftAfter,
      corrector_ids: row?.corrector_ids ?? [],
      correctors: await correctors(scope),
    };
  }

  updateSettings(body: z.output<typeof correctionSettingsUpdateSchema>): Promise<CorrectionSettings> {
    return this.tenantDb.transaction(async (scope) => {
      const ids = [...new Set(body.corrector_ids)];
      for (const id of ids) await activeMember(scope, id, 'corrector_ids', correctionMessages.correctors);
      await scope.manager.query(
        `insert into correction_setting (company_id, correction_draft_after, corrector_ids) values ($1, $2, $3)
         on conflict (company_id) do update set correction_draft_after = excluded.correction_draft_after, corrector_ids = excluded.corrector_ids`,
        [scope.companyId, body.correction_draft_after, ids],
      );
      return this.readSettings(scope);
    });
  }

  // ------------------------------------------------------------------------------ other areas

  /**
   * The cleaning's inspection sent the die to correction: its open record moves on (a draft is
   * reported), or a record of origin 'cleaning' opens. Inside the cleaning's transaction.
   */
  async fromInspection(scope: TenantScope, caller: RequestIdentity, dieId: number, note: string, announcement: Announcement): Promise<void> {
    const [open]: RecordState[] = await scope.manager.query(
      `select id, number, die_id, status, assigned_corrector_id, order_die_id, version from correction_record
        where die_id = $1 and status in (${OPEN_STATUSES_SQL}) for update`,
      [dieId],
    );
    if (open) {
      if (open.status === 'draft') await this.changeState(scope, caller, open, 'reported');
      announcement.changed.add(open.id);
      return;
    }
    const [lastRun] = await scope.manager.query(`select order_die_id from die_run_confirmation where die_id = $1 order by confirmed_at desc, id desc limit 1`, [
      dieId,
    ]);
    await this.open(
      scope,
      caller,
      { die_id: dieId, origin: 'cleaning', order_die_id: lastRun?.order_die_id ?? null, description: note, severity: 'major', draft: false },
      announcement,
    );
  }

  /**
   * A run confirmed as needing correction (or damaged) reports a non-conformity of origin 'press'
   * when the die has none open; the die goes to cleaning first, and to correction by its inspection.
   */
  async fromConfirmation(
    scope: TenantScope,
    caller: RequestIdentity,
    run: { id: number; die_id: number },
    condition: RunCondition,
    words: string,
    announcement: Announcement,
  ): Promise<void> {
    if (condition === 'ok') return;
    const [open] = await scope.manager.query(`select id from correction_record where die_id = $1 and status in (${OPEN_STATUSES_SQL})`, [run.die_id]);
    if (open) return;
    await this.open(
      scope,
      caller,
      {
        die_id: run.die_id,
        origin: 'press',
        order_die_id: run.id,
        description: words,
        severity: condition === 'damaged' ? 'critical' : 'major',
        draft: false,
      },
      announcement,
    );
  }

  /**
   * The automatic draft (domain.md C3): after a 10-minute save, when one of the run's dimensions
   * has been outside its profile's tolerance `correction_draft_after` times, the latest check is
   * outside too, the die has no open record and this run has not drafted one yet, a draft opens
   * with the run, the label and the values, and the shift leads are notified. Runs inside the
   * save's transaction under a savepoint: a failure to draft never loses the operator's checks.
   */
  async draftFromChecks(scope: TenantScope, caller: RequestIdentity, orderDieId: number): Promise<Announcement | null> {
    await scope.manager.query('savepoint correction_draft');
    try {
      const announcement = await this.draft(scope, caller, orderDieId);
      await scope.manager.query('release savepoint correction_draft');
      return announcement;
    } catch (error) {
      await scope.manager.query('rollback to savepoint correction_draft');
      this.logger.warn(`No automatic correction draft for run ${orderDieId}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private async draft(scope: TenantScope, caller: RequestIdentity, orderDieId: number): Promise<Announcement | null> {
    const [run] = await scope.manager.query(
      `select od.id, od.die_id, d.die_reference || '-' || d.copy_number as die_label, po.number as order_number,
              coalesce(s.correction_draft_after, ${CORRECTION_DEFAULTS.draftAfter}) as draft_after
         from order_die od join die d on d.id = od.die_id join production_order po on po.id = od.order_id
         left join correction_setting s on s.company_id = od.company_id
        where od.company_id = $1 and od.id = $2 and od.end_extrusion_time is null`,
      [scope.companyId, orderDieId],
    );
    if (!run) return null;
    const [taken] = await scope.manager.query(
      `select 1 from correction_record where die_id = $1 and (status in (${OPEN_STATUSES_SQL}) or (auto_draft and order_die_id = $2)) limit 1`,
      [run.die_id, run.id],
    );
    if (taken) return null;
    const checks: { dimension_text: keyof typeof DIMENSION_LABELS; value: number; nominal_mm: number; tol_minus_mm: number; tol_plus_mm: number }[] =
      await scope.manager.query(
        `select r.dimension_text, r.dimension_value::float8 as value, pd.nominal_mm::float8 as nominal_mm,
                pd.tol_minus_mm::float8 as tol_minus_mm, pd.tol_plus_mm::float8 as tol_plus_mm
           from dimension_record r join order_die od on od.id = r.order_die_id join die d on d.id = od.die_id
           join profile_dimension pd on pd.profile_id = d.profile_id
          where r.company_id = $1 and r.order_die_id = $2
            and pd.label = case r.dimension_text ${Object.entries(DIMENSION_LABELS)
              .map(([text, label]) => `when '${text}' then '${label}'`)
              .join(' ')} end
          order by r.date_saved, r.id`,
        [scope.companyId, run.id],
      );
    let chosen: { label: string; measured: number; nominal: number; tol_minus: number; tol_plus: number; outside: number } | null = null;
    for (const [text, label] of Object.entries(DIMENSION_LABELS)) {
      const series = checks.filter((check) => check.dimension_text === text);
      const last = series.at(-1);
      if (!last || withinTolerance(last.value, last)) continue;
      const outside = series.filter((check) => !withinTolerance(check.value, check)).length;
      if (outside < run.draft_after || (chosen && chosen.outside >= outside)) continue;
      chosen = { label, measured: last.value, nominal: last.nominal_mm, tol_minus: last.tol_minus_mm, tol_plus: last.tol_plus_mm, outside };
    }
    if (!chosen) return null;
    const announcement = new Announcement(scope.companyId);
    const [defect] = await scope.manager.query(
      `select id from correction_defect where company_id = $1 and active = 'yes' order by sort_order nulls last, id limit 1`,
      [scope.companyId],
    );
    const id = await this.open(
      scope,
      caller,
      {
        die_id: run.die_id,
        origin: 'press',
        order_die_id: run.id,
        defect_id: defect?.id ?? null,
        dimension_label: chosen.label,
        measured_mm: chosen.measured,
        nominal_mm: chosen.nominal,
        tol_minus: chosen.tol_minus,
        tol_plus: chosen.tol_plus,
        description: correctionNotices.autoDraftDescription(
          chosen.label,
          chosen.outside,
          run.order_number,
          chosen.measured,
          chosen.nominal,
          chosen.tol_minus,
          chosen.tol_plus,
        ),
        severity: 'major',
        draft: true,
        auto_draft: true,
      },
      announcement,
    );
    const [{ number }] = await scope.manager.query(`select number from correction_record where id = $1`, [id]);
    for (const lead of await correctionLeads(scope)) {
      announcement.outgoing.push({
        userId: lead,
        notification: {
          event: liveEvents.labeledUserInCorrectionOrder,
          text: correctionNotices.autoDraft(number, run.die_label, chosen.label, chosen.measured, chosen.nominal, chosen.outside),
          variant: 'warning',
          hypothalum_id: id,
        },
      });
    }
    return announcement;
  }

  /** A scrapped die ends its open records ('Matriz de baja'). Inside the scrapping's transaction. */
  static async dieScrapped(scope: TenantScope, dieId: number): Promise<number[]> {
    const rows: { id: number }[] = await scope.manager.query(
      `update correction_record set status = 'scrapped', closed_at = now(), version = version + 1, updated_at = now()
        where die_id = $1 and status in (${OPEN_STATUSES_SQL}) returning id`,
      [dieId],
    );
    return rows.map((row) => row.id);
  }
}
