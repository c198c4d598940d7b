import type { AuditAction, AuditEntity } from '@planta/contracts';
import type { EntityManager } from 'typeorm';

/** Office and shop-floor addresses the demo's sign-ins come from. */
const OFFICE = '10.20.1.15';
const PRESS_TABLET = '10.20.4.31';

interface DemoChange {
  daysAgo: number;
  /** Local time of day, HH:MM. */
  at: string;
  actor: string;
  action: AuditAction;
  entity: AuditEntity;
  /** The record: a user's email, `page-alias · role`, or the company itself. */
  target: { user: string } | { page: string; role: string } | { company: true };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  address?: string;
}

/** Who signs in on working days, when and from where (the presses run three shifts; the office from eight). */
const DAILY_SIGN_INS: Record<string, readonly { email: string; at: string; address: string }[]> = {
  'Extrusiones del Norte': [
    { email: 'jefe@norte.example', at: '05:52', address: PRESS_TABLET },
    { email: 'operario@norte.example', at: '05:58', address: PRESS_TABLET },
    { email: 'admin@norte.example', at: '08:14', address: OFFICE },
  ],
  'Perfiles del Sur': [
    { email: 'operario@sur.example', at: '06:01', address: '10.40.2.22' },
    { email: 'admin@sur.example', at: '08:40', address: '10.40.1.10' },
  ],
};

/**
 * A few weeks of administration, consistent with the seeded data as it stands now: every change
 * ends at today's value (a grant tried and taken back, a position corrected, a password reset
 * after failed sign-ins).
 */
const CHANGES: Record<string, readonly DemoChange[]> = {
  'Extrusiones del Norte': [
    {
      daysAgo: 20,
      at: '09:05',
      actor: 'admin@norte.example',
      action: 'update',
      entity: 'company',
      target: { company: true },
      before: { upload_limit_mb: 5 },
      after: { upload_limit_mb: 2 },
    },
    {
      daysAgo: 18,
      at: '10:12',
      actor: 'admin@norte.example',
      action: 'update',
      entity: 'page-role',
      target: { page: 'users', role: 'staff' },
      before: { read: false },
      after: { read: true },
    },
    {
      daysAgo: 17,
      at: '16:40',
      actor: 'admin@norte.example',
      action: 'update',
      entity: 'page-role',
      target: { page: 'users', role: 'staff' },
      before: { read: true },
      after: { read: false },
    },
    {
      daysAgo: 15,
      at: '08:31',
      actor: 'admin@norte.example',
      action: 'update',
      entity: 'user',
      target: { user: 'jefe@norte.example' },
      before: { position: 'Jefe de turno B' },
      after: { position: 'Jefe de turno' },
    },
    {
      daysAgo: 11,
      at: '06:03',
      actor: 'operario@norte.example',
      action: 'sign-in-failed',
      entity: 'user',
      target: { user: 'operario@norte.example' },
      address: PRESS_TABLET,
    },
    {
      daysAgo: 11,
      at: '06:04',
      actor: 'operario@norte.example',
      action: 'sign-in-failed',
      entity: 'user',
      target: { user: 'operario@norte.example' },
      address: PRESS_TABLET,
    },
    {
      daysAgo: 11,
      at: '08:20',
      actor: 'admin@norte.example',
      action: 'password-reset',
      entity: 'user',
      target: { user: 'operario@norte.example' },
    },
    {
      daysAgo: 11,
      at: '08:26',
      actor: 'operario@norte.example',
      action: 'password-change',
      entity: 'user',
      target: { user: 'operario@norte.example' },
      address: PRESS_TABLET,
    },
    {
      daysAgo: 6,
      at: '11:47',
      actor: 'admin@norte.example',
      action: 'update',
      entity: 'page-role',
      target: { page: 'failure-damage-report', role: 'user' },
      before: { insert: false },
      after: { insert: true },
    },
    {
      daysAgo: 2,
      at: '22:15',
      actor: 'invitado@norte.example',
      action: 'sign-in-failed',
      entity: 'user',
      target: { user: 'invitado@norte.example' },
      address: '83.44.120.9',
    },
  ],
  'Perfiles del Sur': [
    {
      daysAgo: 19,
      at: '09:30',
      actor: 'admin@sur.example',
      action: 'update',
      entity: 'company',
      target: { company: true },
      before: { time_zone: 'UTC' },
      after: { time_zone: 'Europe/Madrid' },
    },
    {
      daysAgo: 9,
      at: '12:02',
      actor: 'admin@sur.example',
      action: 'update',
      entity: 'user',
      target: { user: 'operario@sur.example' },
      before: { position: 'Ayudante de prensa' },
      after: { position: 'Operario de prensa' },
    },
  ],
};

const WORKING_DAYS_BACK = 21;

/** The demo company's audit trail, only while it has none. */
export async function seedAuditTrail(manager: EntityManager, company: string, companyId: number): Promise<void> {
  const [{ count }] = await manager.query(`select count(*)::int as count from audit_entry where company_id = $1`, [companyId]);
  if (count > 0) return;
  const users = new Map<string, { id: number; display_name: string }>(
    (await manager.query(`select id, email, display_name from app_user`)).map((user: { id: number; email: string; display_name: string }) => [
      user.email,
      user,
    ]),
  );
  const entries: {
    daysAgo: number;
    at: string;
    actor: string | null;
    action: AuditAction;
    entity: AuditEntity;
    entityId: number | null;
    label: string;
    before?: unknown;
    after?: unknown;
    address?: string;
  }[] = [];

  for (let daysAgo = WORKING_DAYS_BACK; daysAgo >= 1; daysAgo--) {
    const weekday = new Date(Date.now() - daysAgo * 86_400_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const sign of DAILY_SIGN_INS[company] ?? []) {
      const user = users.get(sign.email);
      if (user)
        entries.push({
          daysAgo,
          at: sign.at,
          actor: sign.email,
          action: 'sign-in',
          entity: 'user',
          entityId: user.id,
          label: user.display_name,
          address: sign.address,
        });
    }
  }
  for (const change of CHANGES[company] ?? []) {
    let entityId: number | null = null;
    let label = company;
    if ('user' in change.target) {
      const user = users.get(change.target.user);
      if (!user) continue;
      entityId = user.id;
      label = user.display_name;
    } else if ('page' in change.target) {
      const [grant]: { id: number; label: string }[] = await manager.query(
        `select grant_row.id, page.name || ' · ' || role.name as label from page_role grant_row
           join page on page.id = grant_row.page_id join role on role.id = grant_row.role_id
          where grant_row.company_id = $1 and page.alias = $2 and role.name = $3 and role.company_id is null`,
        [companyId, change.target.page, change.target.role],
      );
      if (!grant) continue;
      entityId = grant.id;
      label = grant.label;
    } else {
      entityId = companyId;
    }
    entries.push({ ...change, entityId, label });
  }

  for (const entry of entries.sort((a, b) => b.daysAgo - a.daysAgo || a.at.localeCompare(b.at))) {
    const actor = entry.actor ? users.get(entry.actor) : undefined;
    await manager.query(
      `insert into audit_entry (company_id, at, actor_id, actor_name, action, entity, entity_id, label, before, after, address)
       values ($1, (current_date - $2::int) + $3::time, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        companyId,
        entry.daysAgo,
        entry.at,
        actor?.id ?? null,
        entry.actor ?? '',
        entry.action,
        entry.entity,
        entry.entityId,
        entry.label,
        entry.before ? JSON.stringify(entry.before) : null,
        entry.after ? JSON.stringify(entry.after) : null,
        entry.address ?? null,
      ],
    );
  }
}
