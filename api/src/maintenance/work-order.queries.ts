import { HttpStatus, NotFoundException } from '@nestjs/common';
import { messages, workOrderMessages, type WorkOrderDetail, type WorkOrderStatus } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { heldGrantsSql } from '../permissions/held-grants';
import type { TenantScope } from '../tenancy/tenant-db.service';

/** A timestamp as the API answers it (ISO 8601, UTC). */
export const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The order's row as the services use it. */
export interface WorkOrderRecord {
  id: number;
  number: string;
  type: 'corrective' | 'preventive' | 'improvement';
  machine_id: number | null;
  machine_name: string | null;
  title: string;
  status: WorkOrderStatus;
  assignee_id: number | null;
  created_by: number | null;
  completed_by: number | null;
  blocked: boolean;
  version: number;
  pm_plan_id: number | null;
  failure_report_id: number | null;
  signed_by_name: string;
  require_signature: boolean;
}

/** The order of the scope's company (locked for the transaction when `lock`), or 404. */
export async function ownWorkOrder(scope: TenantScope, id: number, lock = false): Promise<WorkOrderRecord> {
  const [order] = await scope.manager.query(
    `select o.id, o.number, o.type, o.machine_id, m.name as machine_name, o.title, o.status, o.assignee_id, o.created_by, o.completed_by,
            o.blocked, o.version, o.pm_plan_id, o.failure_report_id, o.signed_by_name, coalesce(p.require_signature, false) as require_signature
       from work_order o left join machine m on m.id = o.machine_id left join pm_plan p on p.id = o.pm_plan_id
      where o.company_id = $1 and o.id = $2 ${lock ? 'for update of o' : ''}`,
    [scope.companyId, id],
  );
  if (!order) throw new NotFoundException(messages.notFound);
  return order;
}

/** A machine of the company, or 400 on `field`. */
export async function ownMachine(scope: TenantScope, id: number, field = 'machine_id'): Promise<{ id: number; name: string }> {
  const [machine] = await scope.manager.query(`select id, name from machine where company_id = $1 and id = $2`, [scope.companyId, id]);
  if (!machine) throw fieldError(field, workOrderMessages.machineMissing);
  return machine;
}

/** An active member of the company, or 400 on `field`. */
export async function activeMember(scope: TenantScope, userId: number, field: string): Promise<{ id: number; name: string }> {
  const [member] = await scope.manager.query(
    `select u.id, u.display_name as name from active_member m join app_user u on u.id = m.user_id
      where m.company_id = $1 and m.user_id = $2`,
    [scope.companyId, userId],
  );
  if (!member) throw fieldError(field, workOrderMessages.userNotMember);
  return member;
}

/** The active members, by name (assignee and mention pickers). */
export const activeMembers = (scope: TenantScope): Promise<{ id: number; name: string }[]> =>
  scope.manager.query(
    `select u.id, u.display_name as name from active_member m join app_user u on u.id = m.user_id
      where m.company_id = $1 order by lower(u.display_name), u.id`,
    [scope.companyId],
  );

/** Maintenance leads: active members whose roles grant INSERT on 'corrective-maintenance'. */
const LEADS = `
  select m.user_id from active_member m
   where m.company_id = $1 and exists (
     select 1 from (${heldGrantsSql('$1', 'm.user_id')}) held join page on page.id = held.page_id
      where page.alias = 'corrective-maintenance' and held.insert)`;

export async function maintenanceLeads(scope: TenantScope): Promise<number[]> {
  const rows: { user_id: number }[] = await scope.manager.query(LEADS, [scope.companyId]);
  return rows.map((row) => row.user_id);
}

export async function isMaintenanceLead(scope: TenantScope, userId: number): Promise<boolean> {
  const rows = await scope.manager.query(`${LEADS} and m.user_id = $2`, [scope.companyId, userId]);
  return rows.length > 0;
}

/** Whether the user's roles grant `action` on `page` in the company. */
export async function holds(scope: TenantScope, userId: number, page: string, action: 'read' | 'insert' | 'update' | 'delete'): Promise<boolean> {
  const rows = await scope.manager.query(
    `select 1 from (${heldGrantsSql('$1', '$2')}) held join page on page.id = held.page_id where page.alias = $3 and held."${action}"`,
    [scope.companyId, userId, page],
  );
  return rows.length > 0;
}

/** Refuses changes to a verified or cancelled order. */
export function assertOpen(order: WorkOrderRecord): void {
  if (order.status === 'verified' || order.status === 'cancelled') throw fieldError('id', workOrderMessages.closedOrder, HttpStatus.CONFLICT);
}

/** Everything about one order (GET /api/work-order/:id). */
export async function readWorkOrder(scope: TenantScope, id: number): Promise<WorkOrderDetail> {
  const c = scope.companyId;
  const [order] = await scope.manager.query(
    `select o.id, o.number, o.type, o.title, o.status, o.priority, o.machine_id, m.name as machine_name, o.assignee_id, a.display_name as assignee_name,
            r.number as report_number, o.blocked, ${iso('o.created_at')} as created_at, ${iso('o.due_at')} as due_at,
            (o.due_at is not null and o.due_at < now() and o.status in ('pending','assigned','in_progress','on_hold')) as overdue,
            coalesce((select sum(extract(epoch from coalesce(s.ended_at, now()) - s.started_at))::int / 60 from machine_stop s where s.work_order_id = o.id), 0)::int as downtime_minutes,
            o.description, o.hold_reason, o.blocked_reason, o.estimated_h::float8 as estimated_h, o.created_by, cb.display_name as created_by_name,
            ${iso('o.started_at')} as started_at, ${iso('o.completed_at')} as completed_at, o.completed_by, co.display_name as completed_by_name,
            o.verified_by, vb.display_name as verified_by_name, ${iso('o.verified_at')} as verified_at, o.cancelled_reason, o.cause_category,
            o.root_cause, o.solution, o.signed_by_name, coalesce(p.require_signature, false) as require_signature, o.version, o.failure_report_id,
            o.pm_plan_id, p.name as plan_name
       from work_order o
       left join machine m on m.id = o.machine_id
       left join app_user a on a.id = o.assignee_id
       left join app_user cb on cb.id = o.created_by
       left join app_user co on co.id = o.completed_by
       left join app_user vb on vb.id = o.verified_by
       left join failure_report r on r.id = o.failure_report_id
       left join pm_plan p on p.id = o.pm_plan_id
      where o.company_id = $1 and o.id = $2`,
    [c, id],
  );
  if (!order) throw new NotFoundException(messages.notFound);
  const items = await scope.manager.query(
    `select i.id, i.position, i.kind, i.label, i.required, i.value, i.ok, u.display_name as answered_by_name, ${iso('i.answered_at')} as answered_at
       from work_order_item i left join app_user u on u.id = i.answered_by where i.company_id = $1 and i.work_order_id = $2 order by i.position, i.id`,
    [c, id],
  );
  const labor = await scope.manager.query(
    `select l.id, l.user_id, u.display_name as user_name, l.minutes, to_char(l.worked_on, 'YYYY-MM-DD') as worked_on, l.note
       from work_order_labor l left join app_user u on u.id = l.user_id where l.company_id = $1 and l.work_order_id = $2 order by l.worked_on, l.id`,
    [c, id],
  );
  const comments = await scope.manager.query(
    `select cm.id, cm.author_id, u.display_name as author_name, cm.text, ${iso('cm.created_at')} as created_at,
            coalesce((select json_agg(json_build_object('id', mu.id, 'name', mu.display_name) order by mu.display_name)
                        from app_user mu where mu.id = any(cm.mentions)), '[]') as mentions
       from work_order_comment cm left join app_user u on u.id = cm.author_id where cm.company_id = $1 and cm.work_order_id = $2 order by cm.created_at, cm.id`,
    [c, id],
  );
  const attachments = await scope.manager.query(
    `select id, file_id, file_name, '/api/file/' || file_id as url from work_order_attachment where company_id = $1 and work_order_id = $2 order by id`,
    [c, id],
  );
  const stops = await scope.manager.query(
    `select s.id, ${iso('s.started_at')} as started_at, ${iso('s.ended_at')} as ended_at,
            (extract(epoch from coalesce(s.ended_at, now()) - s.started_at)::int / 60) as minutes, s.cause, s.planned
       from machine_stop s
      where s.company_id = $1 and (s.work_order_id = $2 or ($3::int is not null and s.failure_report_id = $3::int))
      order by s.started_at`,
    [c, id, order.failure_report_id],
  );
  let report: WorkOrderDetail['report'] = null;
  if (order.failure_report_id !== null) {
    const [row] = await scope.manager.query(
      `select r.id, r.number, r.description, ${iso('r.reported_at')} as reported_at, u.display_name as reported_by_name
         from failure_report r left join app_user u on u.id = r.reported_by where r.company_id = $1 and r.id = $2`,
      [c, order.failure_report_id],
    );
    if (row) {
      const photos = await scope.manager.query(
        `select id, file_id, file_name, '/api/file/' || file_id as url from failure_report_photo where company_id = $1 and failure_report_id = $2 order by id`,
        [c, row.id],
      );
      report = { ...row, photos };
    }
  }
  const laborMinutes = labor.reduce((sum: number, entry: { minutes: number }) => sum + entry.minutes, 0);
  return { ...order, items, labor, labor_minutes: laborMinutes, comments, attachments, stops, report };
}
