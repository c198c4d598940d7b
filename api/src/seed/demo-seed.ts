import type { EntityManager } from 'typeorm';
import { maintenanceNotices, notificationRecordPaths } from '@planta/contracts';
import { hashPassword } from '../auth/password';
import { grantDefaultPermissions } from '../permissions/default-permissions';
import { seedAuditTrail } from './audit-demo';
import { seedMaintenanceDemo } from './maintenance-demo';
import { seedDieshopDemo } from './dieshop-demo';
import { seedProductionDemo } from './production-demo';
import { seedUploadsDemo } from './uploads-demo';
import {
  DEMO_ACCOUNTS,
  DEMO_CHAT,
  DEMO_COMPANIES,
  DEMO_COMPANY_DETAILS,
  DEMO_CUSTOM_ROLES,
  DEMO_DIES,
  DEMO_NOTIFICATIONS,
  DEMO_PASSWORD,
  DEMO_STAFF,
} from './demo-data';

async function idOf(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const rows: { id: number }[] = await manager.query(sql, params);
  return rows[0].id;
}

/**
 * The demo installation, idempotently: what exists is left alone (including changes users
 * made), what is missing is added. Runs inside a system transaction under the migration lock.
 */
export async function seedDemoData(manager: EntityManager): Promise<void> {
  const companyIds = new Map<string, number>();
  for (const name of DEMO_COMPANIES) {
    await manager.query(`insert into company (name) values ($1) on conflict (name) do nothing`, [name]);
    companyIds.set(name, await idOf(manager, `select id from company where name = $1`, [name]));
    // Details only while the company has none: an administrator's edits stay.
    const details = DEMO_COMPANY_DETAILS[name];
    await manager.query(`update company set tax_id = $2, address = $3, time_zone = $4 where name = $1 and tax_id = '' and address = ''`, [
      name,
      details.tax_id,
      details.address,
      details.time_zone,
    ]);
  }
  // Custom roles made now get their read grants once their rows exist (below); existing ones are left alone.
  const newRoles: { companyId: number; roleId: number; reads: string[] }[] = [];
  for (const role of DEMO_CUSTOM_ROLES) {
    const companyId = companyIds.get(role.company)!;
    const exists: unknown[] = await manager.query(`select 1 from role where company_id = $1 and lower(name) = lower($2)`, [companyId, role.name]);
    if (exists.length > 0) continue;
    const roleId = await idOf(manager, `insert into role (name, description, company_id) values ($1, $2, $3) returning id`, [
      role.name,
      role.description,
      companyId,
    ]);
    newRoles.push({ companyId, roleId, reads: role.reads });
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of [...DEMO_ACCOUNTS, ...DEMO_STAFF]) {
    const existing: { id: number }[] = await manager.query(`select id from app_user where email = $1`, [account.email]);
    if (existing.length > 0) continue;
    const userId = await idOf(
      manager,
      `insert into app_user (email, password_hash, display_name, position, home_company_id, shortcuts)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        account.email,
        passwordHash,
        account.displayName,
        account.position,
        companyIds.get(account.home),
        JSON.stringify(['dies', 'planning-board', 'maintenance-board']),
      ],
    );
    for (const company of account.companies) {
      await manager.query(`insert into company_member (company_id, user_id) values ($1, $2)`, [companyIds.get(company), userId]);
      await manager.query(
        `insert into company_member_role (company_id, user_id, role_id) select $1, $2, id from role where (company_id is null or company_id = $1) and name = $3`,
        [companyIds.get(company), userId, account.role],
      );
    }
  }

  for (const [company, companyId] of companyIds) {
    await seedChat(manager, company as keyof typeof DEMO_CHAT, companyId);
  }

  for (const [company, companyId] of companyIds) {
    await grantDefaultPermissions(manager, companyId);
    const plant = DEMO_DIES[company as keyof typeof DEMO_DIES];
    const [{ count }] = await manager.query(`select count(*)::int as count from die where company_id = $1`, [companyId]);
    if (count > 0) continue;
    for (const die of plant.dies) {
      for (let copy = 1; copy <= die.copies; copy++) {
        await manager.query(`insert into die (company_id, die_reference, copy_number, description) values ($1, $2, $3, $4)`, [
          companyId,
          die.reference,
          copy,
          die.description,
        ]);
      }
    }
  }
  for (const { companyId, roleId, reads } of newRoles) {
    await manager.query(`update page_role set read = true where company_id = $1 and role_id = $2 and page_id in (select id from page where alias = any($3))`, [
      companyId,
      roleId,
      reads,
    ]);
  }
  for (const [company, companyId] of companyIds) await seedProductionDemo(manager, company, companyId);
  for (const [company, companyId] of companyIds) await seedMaintenanceDemo(manager, company, companyId);
  // Before the die shop's own notifications: these are seeded only while a plant has none.
  for (const [company, companyId] of companyIds) await seedNotifications(manager, company as keyof typeof DEMO_NOTIFICATIONS, companyId);
  for (const [company, companyId] of companyIds) await seedDieshopDemo(manager, company, companyId);
  // The die technician of the north plant works with the upload agent (issue 15).
  const north = companyIds.get('Extrusiones del Norte');
  if (north !== undefined) await seedUploadsDemo(manager, north, 'matriceria@norte.example');
  for (const [company, companyId] of companyIds) await seedAuditTrail(manager, company, companyId);
}

/** The plant's chat history, only while it has none. */
async function seedChat(manager: EntityManager, company: keyof typeof DEMO_CHAT, companyId: number): Promise<void> {
  const userId = (email: string) => idOf(manager, `select id from app_user where email = $1`, [email]);
  const [{ messages }] = await manager.query(`select count(*)::int as messages from chat_message where company_id = $1`, [companyId]);
  if (messages === 0) {
    const chat = DEMO_CHAT[company];
    for (const [index, entry] of chat.entries()) {
      // A minute apart, so that the dialog reads in order.
      await manager.query(
        `insert into chat_message (company_id, from_user, to_user, message, is_read, created_at) values ($1, $2, $3, $4, $5, now() - $6 * interval '1 minute')`,
        [companyId, await userId(entry.from), await userId(entry.to), entry.message, entry.read, chat.length - index],
      );
    }
  }
}

/** What a demo notification about a record says, where it leads and when it came, from the record itself. */
async function noticeAbout(manager: EntityManager, about: 'blocked-work-order' | 'new-failure-report', companyId: number) {
  if (about === 'blocked-work-order') {
    const [order] = await manager.query(
      `select o.id, o.number, m.name as machine, o.blocked_reason, o.updated_at from work_order o left join machine m on m.id = o.machine_id
        where o.company_id = $1 and o.blocked order by o.id limit 1`,
      [companyId],
    );
    if (!order) return null;
    return {
      text: maintenanceNotices.taskBlocked({ number: order.number, machine: order.machine }, order.blocked_reason),
      path: notificationRecordPaths.workOrder(order.id),
      at: order.updated_at as Date,
    };
  }
  const [report] = await manager.query(
    `select r.id, r.number, r.kind, r.severity, coalesce(m.name, r.area) as place, r.reported_at from failure_report r left join machine m on m.id = r.machine_id
      where r.company_id = $1 and r.status = 'new' order by r.reported_at desc limit 1`,
    [companyId],
  );
  if (!report) return null;
  return {
    text: maintenanceNotices.failureReported({ kind: report.kind, number: report.number, where: report.place, severity: report.severity }),
    path: notificationRecordPaths.failureReport(report.id),
    at: report.reported_at as Date,
  };
}

/** The plant's notifications, only while it has none. */
async function seedNotifications(manager: EntityManager, company: keyof typeof DEMO_NOTIFICATIONS, companyId: number): Promise<void> {
  const [{ notifications }] = await manager.query(`select count(*)::int as notifications from notification where company_id = $1`, [companyId]);
  if (notifications > 0) return;
  for (const entry of DEMO_NOTIFICATIONS[company]) {
    const notice = 'about' in entry ? await noticeAbout(manager, entry.about, companyId) : { text: entry.text, path: null, at: new Date() };
    if (!notice) continue;
    await manager.query(
      `insert into notification (company_id, user_id, text_message, variant, record_path, created_at) values ($1, (select id from app_user where email = $2), $3, $4, $5, $6)`,
      [companyId, entry.user, notice.text, entry.variant, notice.path, notice.at],
    );
  }
}
