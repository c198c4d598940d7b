import { ConflictException, ForbiddenException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  EDITABLE_FAILURE_REPORT_STATUSES,
  FAILURE_REPORT_STATUS_WORDS,
  FAILURE_REPORT_TRANSITIONS,
  failureReportMessages,
  fileUrl,
  liveEvents,
  maintenanceNotices,
  MAX_REPORT_PHOTOS,
  messages,
  notificationRecordPaths,
  type FailureReportCreate,
  type FailureReportDetail,
  type FailureReportListQuery,
  type FailureReportPatch,
  type FailureReportStatus,
  type FailureSeverity,
  type NotificationVariant,
  type WorkOrderPriority,
} from '@planta/contracts';
import type { UploadedBuffer } from '../files/uploads';
import { AuditService } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { FilesService } from '../files/files.service';
import { NotificationsService } from '../notifications/notifications.service';
import { heldGrantsSql } from '../permissions/held-grants';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { actor, openStopForReport, ownMachine } from './machine-stop.service';
import { sortColumn } from '../common/sort-column';
import { assignmentNotification } from './assignment-notice';

const ROW = `
  select r.id, r.number, r.machine_id, m.name as machine_name, r.area, r.line_id, r.kind, r.severity, r.machine_stopped, r.description,
         r.status, r.reported_by, reporter.display_name as reporter_name, r.reported_at,
         (select count(*)::int from failure_report_photo p where p.failure_report_id = r.id) as photo_count,
         r.work_order_id, wo.number as work_order_number`;
const FROM = `
    from failure_report r
    left join machine m on m.id = r.machine_id
    left join app_user reporter on reporter.id = r.reported_by
    left join work_order wo on wo.id = r.work_order_id`;

const SORTS: Record<string, string> = {
  reported_at: 'r.reported_at',
  number: 'r.number',
  machine_name: 'm.name',
  status: 'r.status',
  severity: `array_position(array['low','medium','high','critical']::varchar[], r.severity)`,
  kind: 'r.kind',
};

/** A report's severity as the work order's priority. */
const PRIORITY: Record<FailureSeverity, WorkOrderPriority> = { critical: 'urgent', high: 'high', medium: 'medium', low: 'low' };
/** How a severity reads in the leads' notification. */
const KIND_WORDS = { failure: 'Falla', damage: 'Daño' } as const;

/**
 * SQL: the active members of company `$1` who are maintenance leads — whose roles there grant
 * inserting corrective work orders (accepting reports) — read as what their roles hold.
 */
const LEADS = `
  select member.user_id from active_member member
   where member.company_id = $1 and exists (
     select 1 from (${heldGrantsSql('$1', 'member.user_id')}) held join page on page.id = held.page_id
      where page.alias = 'corrective-maintenance' and held.insert)`;

/** Whether a user is a maintenance lead of the scope's company. */
async function isLead(scope: TenantScope, userId: number): Promise<boolean> {
  const rows: unknown[] = await scope.manager.query(`${LEADS} and member.user_id = $2`, [scope.companyId, userId]);
  return rows.length > 0;
}

/** The first words of a text, at most `max` characters. */
function firstWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** Failure and damage reports: filing (with photos and the stop), review, acceptance into a work order, rejection. */
@Injectable()
export class FailureReportService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly files: FilesService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  list(caller: RequestIdentity, query: FailureReportListQuery) {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['r.company_id = $1'];
      if (query.search) where.push(containsFoldedSql(['r.number', 'r.description', "coalesce(m.name, '')", 'r.area'], bind(query.search)));
      if (query.status) where.push(`r.status = ${bind(query.status)}`);
      if (query.kind) where.push(`r.kind = ${bind(query.kind)}`);
      if (query.severity) where.push(`r.severity = ${bind(query.severity)}`);
      if (query.machine_id) where.push(`r.machine_id = ${bind(query.machine_id)}`);
      if (query.mine) where.push(`r.reported_by = ${bind(caller.userId)}`);
      const condition = where.join(' and ');
      const sort = sortColumn(SORTS, query.sort, null);
      const order = sort ? `${sort} ${query.direction === 'desc' ? 'desc' : 'asc'} nulls last, r.id desc` : 'r.reported_at desc, r.id desc';
      const [{ total }] = await scope.manager.query(
        `select count(*)::int as total from failure_report r left join machine m on m.id = r.machine_id where ${condition}`,
        params,
      );
      const items = await scope.manager.query(
        `${ROW} ${FROM} where ${condition} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  detail(id: number) {
    return this.tenantDb.transaction((scope) => reportDetail(scope, id));
  }

  /**
   * Files a report with its photos in one transaction (all saved or none); a stopped machine gets
   * its stop and the 'stopped' status in the same transaction. The leads are told after it commits.
   * It is dated when it was made (`reportedAt`: now, or earlier for one the offline queue kept),
   * and so is the stop it opens.
   */
  async create(caller: RequestIdentity, input: FailureReportCreate, photos: UploadedBuffer[] = [], reportedAt = new Date()): Promise<FailureReportDetail> {
    if (photos.length > MAX_REPORT_PHOTOS) throw fieldError('photos', failureReportMessages.tooManyPhotos(MAX_REPORT_PHOTOS));
    const report = await this.tenantDb.transaction(async (scope) => {
      const machine = input.machine_id !== undefined ? await ownMachine(scope, input.machine_id) : null;
      const stored = [];
      for (const photo of photos) stored.push(await this.files.store(scope, photo.buffer, photo.originalname, photo.mimetype));
      const [created]: { id: number }[] = await scope.manager.query(
        `insert into failure_report (company_id, number, machine_id, line_id, area, kind, severity, machine_stopped, description, reported_by, reported_at)
         values ($1, next_document_number($1, 'RF', now()), $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          scope.companyId,
          machine?.id ?? null,
          machine?.line_id ?? null,
          input.area ?? '',
          input.kind,
          input.severity,
          input.machine_stopped && machine !== null,
          input.description,
          caller.userId,
          reportedAt,
        ],
      );
      for (const file of stored)
        await scope.manager.query(
          `insert into failure_report_photo (company_id, failure_report_id, file_id, file_name, uploaded_by) values ($1, $2, $3, $4, $5)`,
          [scope.companyId, created.id, file.id, file.file_name, caller.userId],
        );
      if (input.machine_stopped && machine) await openStopForReport(scope, machine, { id: created.id, cause: input.cause, at: reportedAt }, caller.userId);
      const detail = await reportDetail(scope, created.id);
      await this.audit.record(scope, actor(caller), {
        action: 'create',
        entity: 'failure-report',
        entityId: created.id,
        label: detail.number,
        after: auditOf(detail),
      });
      const leads: { user_id: number }[] = await scope.manager.query(LEADS, [scope.companyId]);
      return { detail, leads: leads.map((lead) => lead.user_id).filter((id) => id !== caller.userId) };
    });
    const { detail } = report;
    const where = detail.machine_name ?? detail.area;
    const text = maintenanceNotices.failureReported({ kind: detail.kind, number: detail.number, where, severity: detail.severity });
    const variant: NotificationVariant = detail.severity === 'critical' ? 'error' : 'warning';
    const record_path = notificationRecordPaths.failureReport(detail.id);
    for (const lead of report.leads)
      await this.notifications.notify(lead, { event: liveEvents.failureReportSubmitted, text, variant, record_path }, caller.companyId);
    return detail;
  }

  /** The reporter or a lead changes a report that is still new or in review. */
  update(caller: RequestIdentity, id: number, patch: FailureReportPatch) {
    return this.tenantDb.transaction(async (scope) => {
      const before = await lockedReport(scope, id);
      if (!EDITABLE_FAILURE_REPORT_STATUSES.includes(before.status)) throw new ConflictException(failureReportMessages.notEditable);
      if (before.reported_by !== caller.userId && !(await isLead(scope, caller.userId))) throw new ForbiddenException(failureReportMessages.notYours);
      let machineId = before.machine_id;
      let lineId = before.line_id;
      if (patch.machine_id !== undefined) {
        const machine = patch.machine_id === null ? null : await ownMachine(scope, patch.machine_id);
        machineId = machine?.id ?? null;
        lineId = machine?.line_id ?? null;
      }
      const area = patch.area ?? before.area;
      if (machineId === null && area === '') throw fieldError('machine_id', failureReportMessages.machineOrArea);
      await scope.manager.query(
        `update failure_report set machine_id = $2, line_id = $3, area = $4, kind = $5, severity = $6, description = $7 where id = $1`,
        [id, machineId, lineId, area, patch.kind ?? before.kind, patch.severity ?? before.severity, patch.description ?? before.description],
      );
      const after = await reportDetail(scope, id);
      await this.audit.record(scope, actor(caller), {
        action: 'update',
        entity: 'failure-report',
        entityId: id,
        label: after.number,
        before: auditOf(before),
        after: auditOf(after),
      });
      return after;
    });
  }

  review(caller: RequestIdentity, id: number) {
    return this.decide(caller, id, 'in_review', async () => ({}));
  }

  reject(caller: RequestIdentity, id: number, reason: string) {
    return this.decide(caller, id, 'rejected', async () => ({ rejection_reason: reason }));
  }

  duplicate(caller: RequestIdentity, id: number, of: number) {
    return this.decide(caller, id, 'duplicate', async (scope) => {
      if (of === id) throw fieldError('of', failureReportMessages.duplicateOfSelf);
      const [original] = await scope.manager.query(`select id from failure_report where company_id = $1 and id = $2`, [scope.companyId, of]);
      if (!original) throw fieldError('of', failureReportMessages.duplicateOfMissing, HttpStatus.NOT_FOUND);
      return { duplicate_of_id: of };
    });
  }

  /**
   * Accepts a report (domain.md A1.3 step 3): its corrective work order — the report's text,
   * priority from its severity, its machine; assigned when an assignee is given — and the
   * report's open stop linked to it, all in one transaction. The assignee is told afterwards.
   */
  async accept(caller: RequestIdentity, id: number, assigneeId: number | null = null) {
    let assigned: { userId: number; number: string; title: string } | null = null;
    const detail = await this.decide(caller, id, 'accepted', async (scope, report) => {
      if (assigneeId !== null) {
        const member: unknown[] = await scope.manager.query(`select 1 from active_member member where member.company_id = $1 and member.user_id = $2`, [
          scope.companyId,
          assigneeId,
        ]);
        if (member.length === 0) throw fieldError('assignee_id', failureReportMessages.assigneeNotMember);
      }
      const what = `${KIND_WORDS[report.kind]}${report.machine_name ? ` en ${report.machine_name}` : report.area ? ` en ${report.area}` : ''}`;
      const title = `${what}: ${firstWords(report.description, Math.max(20, 150 - what.length))}`.slice(0, 160);
      const [order]: { id: number; number: string }[] = await scope.manager.query(
        `insert into work_order (company_id, number, type, machine_id, title, description, priority, status, assignee_id, created_by, failure_report_id)
         values ($1, next_document_number($1, 'OT', now()), 'corrective', $2, $3, $4, $5, $6, $7, $8, $9) returning id, number`,
        [
          scope.companyId,
          report.machine_id,
          title,
          report.description,
          PRIORITY[report.severity],
          assigneeId === null ? 'pending' : 'assigned',
          assigneeId,
          caller.userId,
          id,
        ],
      );
      await scope.manager.query(
        `update machine_stop set work_order_id = $3 where company_id = $1 and ended_at is null and work_order_id is null
            and (failure_report_id = $2 or ($4::int is not null and machine_id = $4 and $5))`,
        [scope.companyId, id, order.id, report.machine_id, report.machine_stopped],
      );
      if (assigneeId !== null) assigned = { userId: assigneeId, number: order.number, title };
      return { work_order_id: order.id };
    });
    const notice = assigned as { userId: number; number: string; title: string } | null;
    if (notice) await this.notifications.notify(notice.userId, assignmentNotification({ type: 'corrective', ...notice }), caller.companyId);
    return detail;
  }

  /** A lead's decision: a legal move of the report's state (409 otherwise) with what it sets, audited. */
  private decide(
    caller: RequestIdentity,
    id: number,
    to: FailureReportStatus,
    work: (scope: TenantScope, report: FailureReportDetail) => Promise<Record<string, unknown>>,
  ): Promise<FailureReportDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const before = await lockedReport(scope, id);
      if (!FAILURE_REPORT_TRANSITIONS[before.status].includes(to))
        throw new ConflictException(failureReportMessages.illegalMove(FAILURE_REPORT_STATUS_WORDS[before.status], FAILURE_REPORT_STATUS_WORDS[to]));
      const changes = await work(scope, before);
      const columns = Object.keys(changes);
      await scope.manager.query(
        `update failure_report set status = $2, reviewed_by = $3, reviewed_at = now()${columns.map((column, index) => `, ${column} = $${index + 4}`).join('')} where id = $1`,
        [id, to, caller.userId, ...columns.map((column) => changes[column])],
      );
      const after = await reportDetail(scope, id);
      await this.audit.record(scope, actor(caller), {
        action: 'update',
        entity: 'failure-report',
        entityId: id,
        label: after.number,
        before: auditOf(before),
        after: auditOf(after),
      });
      return after;
    });
  }
}

/** The report, locked for the change about to be made; another company's is not found. */
async function lockedReport(scope: TenantScope, id: number): Promise<FailureReportDetail> {
  const locked: unknown[] = await scope.manager.query(`select 1 from failure_report where company_id = $1 and id = $2 for update`, [scope.companyId, id]);
  if (locked.length === 0) throw new NotFoundException(messages.notFound);
  return reportDetail(scope, id);
}

/** A report with its photos, machine, line, reporter, reviewer, work order and stop. */
export async function reportDetail(scope: TenantScope, id: number): Promise<FailureReportDetail> {
  const [row] = await scope.manager.query(
    `${ROW}, l.name as line_name, r.reviewed_by, reviewer.display_name as reviewer_name, r.reviewed_at, r.rejection_reason,
            r.duplicate_of_id, original.number as duplicate_of_number
     ${FROM}
     left join extrusion_line l on l.id = r.line_id
     left join app_user reviewer on reviewer.id = r.reviewed_by
     left join failure_report original on original.id = r.duplicate_of_id
     where r.company_id = $1 and r.id = $2`,
    [scope.companyId, id],
  );
  if (!row) throw new NotFoundException(messages.notFound);
  const photos: { id: number; file_id: number; file_name: string }[] = await scope.manager.query(
    `select id, file_id, file_name from failure_report_photo where company_id = $1 and failure_report_id = $2 order by id`,
    [scope.companyId, id],
  );
  // Its own stop, or the machine's stop it was linked to (opened before, by another report or the status).
  const [stop] = await scope.manager.query(
    `select s.id, s.started_at, s.ended_at, s.cause, s.work_order_id from machine_stop s, failure_report r
      where r.id = $2 and s.company_id = $1
        and (s.failure_report_id = r.id or (r.machine_stopped and s.machine_id = r.machine_id and s.started_at <= r.reported_at
             and coalesce(s.ended_at, 'infinity') > r.reported_at))
      order by (s.failure_report_id = r.id) desc limit 1`,
    [scope.companyId, id],
  );
  return { ...row, photos: photos.map((photo) => ({ ...photo, url: fileUrl(photo.file_id) })), stop: stop ?? null };
}

const auditOf = (report: FailureReportDetail) => ({
  machine_id: report.machine_id,
  area: report.area,
  kind: report.kind,
  severity: report.severity,
  machine_stopped: report.machine_stopped,
  description: report.description,
  status: report.status,
  rejection_reason: report.rejection_reason,
  duplicate_of_id: report.duplicate_of_id,
  work_order_id: report.work_order_id,
  photos: report.photos.length,
});
