import { HttpStatus, NotFoundException } from '@nestjs/common';
import {
  correctionDrawingUrl,
  correctionMessages,
  correctionReportPath,
  DIMENSION_LABELS,
  messages,
  OPEN_CORRECTION_STATUSES,
  proposeEffectiveness,
  sqlValues,
  type CorrectionComment,
  type CorrectionComparison,
  type CorrectionPeople,
  type CorrectionPerson,
  type CorrectionRecordDetail,
  type CorrectionRecordRow,
  type CorrectionReportDetail,
  type CorrectionReportRow,
  type CorrectionStatus,
  type DieState,
  type TrialResult,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { heldGrantsSql } from '../permissions/held-grants';
import type { TenantScope } from '../tenancy/tenant-db.service';

/** A timestamp as the API answers it (ISO 8601, UTC). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const OPEN_STATUSES_SQL = sqlValues(OPEN_CORRECTION_STATUSES);

/** The row of a record (list, boards, die summary); `c` is the record. */
export const RECORD_COLUMNS = `
  select c.id, c.number, c.die_id, d.die_reference || '-' || d.copy_number as die_label, d.state as die_state, p.code as profile_code,
         c.origin, c.order_die_id, po.number as order_number, c.defect_id, df.name as defect_name, c.dimension_label,
         c.measured_mm::float8 as measured_mm, c.nominal_mm::float8 as nominal_mm, c.tol_minus::float8 as tol_minus, c.tol_plus::float8 as tol_plus,
         c.description, c.severity, c.assigned_corrector_id, cu.display_name as corrector_name, ${iso('c.due_at')} as due_at, c.status,
         c.effectiveness, c.auto_draft, (c.canvas is not null) as has_canvas, c.created_by, cb.display_name as created_by_name,
         ${iso('c.opened_at')} as opened_at, ${iso('c.closed_at')} as closed_at,
         (select count(*) from correction_report r where r.correction_record_id = c.id)::int as attempts,
         (select json_build_object('id', r.id, 'attempt_no', r.attempt_no, 'operations_count', jsonb_array_length(r.operations), 'trial_result', r.trial_result)
            from correction_report r where r.correction_record_id = c.id order by r.attempt_no desc limit 1) as current_attempt,
         (c.due_at is not null and c.due_at < now() and c.status in (${OPEN_STATUSES_SQL})) as overdue,
         (select count(*) from correction_comment cm
           where cm.correction_record_id = c.id or cm.correction_report_id in (select r.id from correction_report r where r.correction_record_id = c.id))::int as comment_count,
         c.version`;
export const RECORD_FROM = `
    from correction_record c
    join die d on d.id = c.die_id
    left join profile p on p.id = d.profile_id
    left join order_die od on od.id = c.order_die_id
    left join production_order po on po.id = od.order_id
    left join correction_defect df on df.id = c.defect_id
    left join app_user cu on cu.id = c.assigned_corrector_id
    left join app_user cb on cb.id = c.created_by`;

export async function recordRows(scope: TenantScope, where: string, params: unknown[], order = 'c.opened_at desc, c.id desc'): Promise<CorrectionRecordRow[]> {
  return scope.manager.query(`${RECORD_COLUMNS} ${RECORD_FROM} where c.company_id = $1 and ${where} order by ${order}`, [scope.companyId, ...params]);
}

export async function recordRow(scope: TenantScope, id: number): Promise<CorrectionRecordRow> {
  const [row] = await recordRows(scope, 'c.id = $2', [id]);
  if (!row) throw new NotFoundException(messages.notFound);
  return row;
}

/** What the services need of a record to change it, locked for the transaction. */
export interface RecordState {
  id: number;
  number: string;
  die_id: number;
  status: CorrectionStatus;
  assigned_corrector_id: number | null;
  order_die_id: number | null;
  version: number;
}

export async function lockRecord(scope: TenantScope, id: number, field = 'id'): Promise<RecordState> {
  const [record] = await scope.manager.query(
    `select id, number, die_id, status, assigned_corrector_id, order_die_id, version from correction_record where company_id = $1 and id = $2 for update`,
    [scope.companyId, id],
  );
  if (!record) throw fieldError(field, correctionMessages.notFound, HttpStatus.NOT_FOUND);
  return record;
}

/** The current (last) attempt of a record, for the board's guards. */
export async function currentAttempt(
  scope: TenantScope,
  recordId: number,
): Promise<{ id: number; attempt_no: number; operations_count: number; trial_result: TrialResult; corrector_id: number | null } | null> {
  const [attempt] = await scope.manager.query(
    `select id, attempt_no, jsonb_array_length(operations) as operations_count, trial_result, corrector_id
       from correction_report where correction_record_id = $1 order by attempt_no desc limit 1 for update`,
    [recordId],
  );
  return attempt ?? null;
}

const REPORT_COLUMNS = `
  select r.id, r.correction_record_id, r.attempt_no, r.corrector_id, u.display_name as corrector_name, r.operations,
         r.hours::float8 as hours, r.findings, r.trial_order_die_id, po.number as trial_order_number, r.trial_result, r.trial_note,
         ${iso('r.started_at')} as started_at, ${iso('r.finished_at')} as finished_at
    from correction_report r
    left join app_user u on u.id = r.corrector_id
    left join order_die od on od.id = r.trial_order_die_id
    left join production_order po on po.id = od.order_id`;

const withPath = (row: Omit<CorrectionReportRow, 'path'>): CorrectionReportRow => ({ ...row, path: correctionReportPath(row) });

export async function reportRows(scope: TenantScope, recordIds: number[]): Promise<CorrectionReportRow[]> {
  if (recordIds.length === 0) return [];
  const rows = await scope.manager.query(`${REPORT_COLUMNS} where r.company_id = $1 and r.correction_record_id = any($2::int[]) order by r.attempt_no`, [
    scope.companyId,
    recordIds,
  ]);
  return rows.map(withPath);
}

export async function reportRow(scope: TenantScope, id: number): Promise<CorrectionReportRow> {
  const [row] = await scope.manager.query(`${REPORT_COLUMNS} where r.company_id = $1 and r.id = $2`, [scope.companyId, id]);
  if (!row) throw new NotFoundException(messages.notFound);
  return withPath(row);
}

/** The discussion of a record or of a report, oldest first. */
export async function comments(scope: TenantScope, target: { recordId?: number; reportId?: number }): Promise<CorrectionComment[]> {
  const [column, id] = target.recordId !== undefined ? ['correction_record_id', target.recordId] : ['correction_report_id', target.reportId];
  return scope.manager.query(
    `select cm.id, cm.correction_record_id, cm.correction_report_id, cm.author_id, a.display_name as author_name, cm.text,
            coalesce((select json_agg(json_build_object('id', mu.id, 'name', mu.display_name) order by mu.display_name)
                        from app_user mu where mu.id = any(cm.mentions)), '[]') as mentions,
            ${iso('cm.created_at')} as created_at
       from correction_comment cm left join app_user a on a.id = cm.author_id
      where cm.company_id = $1 and cm.${column} = $2 order by cm.created_at, cm.id`,
    [scope.companyId, id],
  );
}

/** Active members of the company, by name. */
const MEMBERS = `
  select u.id, u.display_name as name from active_member m join app_user u on u.id = m.user_id
   where m.company_id = $1`;

/** An active member of the company, or 400 on `field`. */
export async function activeMember(scope: TenantScope, userId: number, field: string, message: string): Promise<CorrectionPerson> {
  const [member] = await scope.manager.query(`${MEMBERS} and u.id = $2`, [scope.companyId, userId]);
  if (!member) throw fieldError(field, message);
  return member;
}

/**
 * The correctors: the company's list (correction settings) or, while it is empty, every active
 * member whose roles may write correction reports.
 */
export async function correctors(scope: TenantScope): Promise<CorrectionPerson[]> {
  return scope.manager.query(
    `select u.id, u.display_name as name
       from active_member m join app_user u on u.id = m.user_id
       left join correction_setting s on s.company_id = m.company_id
      where m.company_id = $1
        and case when cardinality(coalesce(s.corrector_ids, '{}')) > 0 then u.id = any(s.corrector_ids)
                 else exists (select 1 from (${heldGrantsSql('$1', 'u.id')}) held join page on page.id = held.page_id
                               where page.alias = 'correction-reports' and held.update) end
      order by lower(u.display_name), u.id`,
    [scope.companyId],
  );
}

export async function people(scope: TenantScope): Promise<CorrectionPeople> {
  const mentionable: CorrectionPerson[] = await scope.manager.query(`${MEMBERS} order by lower(u.display_name), u.id`, [scope.companyId]);
  return { correctors: await correctors(scope), mentionable };
}

/** The shift leads: active members whose roles may move the correction board (update on 'correction-board'). */
export async function correctionLeads(scope: TenantScope): Promise<number[]> {
  const rows: { id: number }[] = await scope.manager.query(
    `${MEMBERS} and exists (select 1 from (${heldGrantsSql('$1', 'u.id')}) held join page on page.id = held.page_id
                             where page.alias = 'correction-board' and held.update)`,
    [scope.companyId],
  );
  return rows.map((row) => row.id);
}

/** The die of a record as its pages show it, with the profile's drawing. */
async function recordDie(scope: TenantScope, dieId: number): Promise<{ die: CorrectionRecordDetail['die']; drawing_file_id: number | null }> {
  const [row] = await scope.manager.query(
    `select d.id, d.die_reference, d.copy_number, d.die_reference || '-' || d.copy_number as label, d.state, d.profile_id, p.code as profile_code,
            p.drawing_file_id
       from die d left join profile p on p.id = d.profile_id where d.company_id = $1 and d.id = $2`,
    [scope.companyId, dieId],
  );
  const { drawing_file_id, ...die } = row;
  return { die, drawing_file_id };
}

export async function readRecordDetail(scope: TenantScope, id: number): Promise<CorrectionRecordDetail> {
  const row = await recordRow(scope, id);
  const [{ canvas }] = await scope.manager.query(`select canvas from correction_record where id = $1`, [id]);
  const { die, drawing_file_id } = await recordDie(scope, row.die_id);
  return {
    ...row,
    canvas: canvas ?? null,
    drawing_file_id,
    drawing_url: drawing_file_id === null ? null : correctionDrawingUrl('correction-record', id),
    die,
    reports: await reportRows(scope, [id]),
    comments: await comments(scope, { recordId: id }),
    people: await people(scope),
  };
}

/** The 10-minute checks of one run for one dimension label ('A' → DimensionA), in time order. */
async function series(scope: TenantScope, orderDieId: number | null, label: string | null): Promise<{ at: string; value: number }[]> {
  const text = Object.entries(DIMENSION_LABELS).find(([, value]) => value === label)?.[0];
  if (orderDieId === null || !text) return [];
  return scope.manager.query(
    `select ${iso('date_saved')} as at, dimension_value::float8 as value from dimension_record
      where company_id = $1 and order_die_id = $2 and dimension_text = $3 order by date_saved, id`,
    [scope.companyId, orderDieId, text],
  );
}

/**
 * The dimension before (the run where the non-conformity was seen, else the die's last run that
 * ended before the attempt started) and after (the attempt's trial run), with the proposal.
 */
export async function comparison(scope: TenantScope, record: CorrectionRecordRow, report: CorrectionReportRow): Promise<CorrectionComparison> {
  let { nominal_mm, tol_minus, tol_plus } = record;
  const label = record.dimension_label;
  if (label && (nominal_mm === null || tol_minus === null || tol_plus === null)) {
    const [dimension] = await scope.manager.query(
      `select pd.nominal_mm::float8 as nominal_mm, pd.tol_minus_mm::float8 as tol_minus, pd.tol_plus_mm::float8 as tol_plus
         from die d join profile_dimension pd on pd.profile_id = d.profile_id where d.id = $1 and pd.label = $2`,
      [record.die_id, label],
    );
    if (dimension)
      ({ nominal_mm, tol_minus, tol_plus } = {
        nominal_mm: nominal_mm ?? dimension.nominal_mm,
        tol_minus: tol_minus ?? dimension.tol_minus,
        tol_plus: tol_plus ?? dimension.tol_plus,
      });
  }
  let beforeRun = record.order_die_id;
  if (beforeRun === null) {
    const [last] = await scope.manager.query(
      `select id from order_die where company_id = $1 and die_id = $2 and end_extrusion_time is not null and end_extrusion_time <= $3::timestamptz
                                     and id is distinct from $4 order by end_extrusion_time desc limit 1`,
      [scope.companyId, record.die_id, report.started_at, report.trial_order_die_id],
    );
    beforeRun = last?.id ?? null;
  }
  const before = await series(scope, beforeRun, label);
  const after = await series(scope, report.trial_order_die_id, label);
  return {
    dimension_label: label,
    nominal_mm,
    tol_minus,
    tol_plus,
    before_order_die_id: beforeRun,
    before,
    after,
    ...proposeEffectiveness({ nominal_mm, tol_minus, tol_plus }, before, after),
  };
}

export async function readReportDetail(scope: TenantScope, id: number): Promise<CorrectionReportDetail> {
  const report = await reportRow(scope, id);
  const record = await recordRow(scope, report.correction_record_id);
  const [{ canvas }] = await scope.manager.query(`select canvas from correction_record where id = $1`, [record.id]);
  const { die, drawing_file_id } = await recordDie(scope, record.die_id);
  return {
    ...report,
    record,
    canvas: canvas ?? null,
    drawing_file_id,
    drawing_url: drawing_file_id === null ? null : correctionDrawingUrl('correction-report', id),
    die,
    comparison: await comparison(scope, record, report),
    comments: await comments(scope, { reportId: id }),
    people: await people(scope),
  };
}

/** A die's state, read inside the caller's transaction. */
export async function dieState(scope: TenantScope, dieId: number): Promise<DieState | null> {
  const [die] = await scope.manager.query(`select state from die where company_id = $1 and id = $2`, [scope.companyId, dieId]);
  return die?.state ?? null;
}

/** The bytes of the drawing under a record's canvas (its die's profile drawing), or 404. */
export async function drawingOf(
  scope: TenantScope,
  target: { recordId?: number; reportId?: number },
): Promise<{ content_type: string; sha256: string; data: Buffer }> {
  const record = target.recordId !== undefined ? (await recordRow(scope, target.recordId)).id : (await reportRow(scope, target.reportId!)).correction_record_id;
  const [file] = await scope.manager.query(
    `select f.content_type, f.sha256, f.data from correction_record c join die d on d.id = c.die_id join profile p on p.id = d.profile_id
       join stored_file f on f.id = p.drawing_file_id where c.company_id = $1 and c.id = $2`,
    [scope.companyId, record],
  );
  if (!file) throw new NotFoundException(messages.notFound);
  return file;
}
