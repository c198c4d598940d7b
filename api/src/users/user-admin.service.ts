import { ForbiddenException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import {
  messages,
  type AccessLink,
  type ListQuery,
  type ManagedUser,
  type UserCreate,
  type UserInvitation,
  type UserInvitationWithLink,
  type UserOptions,
  type UserUpdate,
  type UserWithLink,
} from '@planta/contracts';
import { AuditService, changedValues } from '../audit/audit.service';
import { ACCESS_LINK_PAGES, newAccessLink } from '../auth/access-link';
import { NO_PASSWORD } from '../auth/password';
import { replacePassword } from '../auth/session-version';
import { fieldError } from '../common/field-error';
import { tooManyRequests } from '../common/retry-later';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf } from '../tenancy/tenant-db.service';
import { heldGrantsSql } from '../permissions/held-grants';
import { sortColumn } from '../common/sort-column';
import { MemberCache } from './member-cache.service';

type Caller = Pick<RequestIdentity, 'userId' | 'email' | 'companyId'>;

/** The names of the roles a user holds in company `$1`, and their ids, in the same order. */
const HELD_ROLES = (column: 'id' | 'name') =>
  `array(select role.${column} from company_member_role held join role on role.id = held.role_id
          where held.user_id = u.id and held.company_id = $1 order by lower(role.name), role.id)`;

/**
 * A user as the screen sees it: `$1` the active company, `$2` the administrator, whose companies
 * (those where they may administer users) are the only ones shown. `active` is the membership of
 * the active company; what is the person's own (`identity_editable`) only the person or an
 * administrator of every company they belong to may change.
 */
const USER_ROW = `
  select u.id, u.email, u.display_name, u.position, u.photo_url, (member.active and u.active) as active,
         (u.id = $2 or not exists (select 1 from company_member theirs
                                    where theirs.user_id = u.id and not (theirs.company_id = any(${administeredCompanies('$2')})))) as identity_editable,
         ${HELD_ROLES('id')} as role_ids, ${HELD_ROLES('name')} as roles,
         array(select other.company_id from company_member other
                where other.user_id = u.id and other.company_id = any(${administeredCompanies('$2')}) order by other.company_id) as company_ids
    from app_user u
    join company_member member on member.user_id = u.id and member.company_id = $1`;

/** An invitation as the screen lists it: `$1` the active company. */
const INVITATION_ROW = `
  select invitation.id, invitation.email, invitation.display_name, invitation.position, invitation.role_ids,
         array(select role.name from role where role.id = any(invitation.role_ids) order by lower(role.name), role.id) as roles,
         invitation.company_ids, invitation.created_at, invitation.expires_at, coalesce(inviter.display_name, '') as created_by_name
    from user_invitation invitation left join app_user inviter on inviter.id = invitation.created_by
   where invitation.company_id = $1 and invitation.accepted_at is null and invitation.revoked_at is null`;

/** The fields that are the person's own, not one company's. */
const IDENTITY_FIELDS = ['display_name', 'position', 'photo_url'] as const;

/** The companies where `param` (a user id) is a member and holds a role with update on the page 'users'. */
function administeredCompanies(param: string): string {
  return `array(select distinct held.company_id from company_member_role held
                  join page_role grant_row on grant_row.role_id = held.role_id and grant_row.company_id = held.company_id and grant_row.update
                  join page on page.id = grant_row.page_id and page.alias = 'users'
                 where held.user_id = ${param})`;
}

const SORTS: Record<string, string> = {
  email: 'lower(u.email)',
  display_name: 'lower(u.display_name)',
  position: "lower(coalesce(u.position, ''))",
  active: 'member.active',
  roles: `array_to_string(${HELD_ROLES('name')}, ', ')`,
};

/** Tables whose rows about a user are not history: memberships, live connections and one-time links go with the user. */
const NOT_HISTORY = new Set(['company_member', 'company_member_role', 'presence', 'password_reset', 'user_invitation']);

/** An escalation attempt: answered 403 and written to the trail after the change rolled back. */
class Refusal extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    readonly detail: Record<string, unknown>,
  ) {
    super(reason);
  }
}

/** The values of a user the trail keeps (never a password). */
interface AuditedValues {
  display_name: string;
  position: string | null;
  photo_url: string | null;
  roles: string[];
  companies: string[];
  active: boolean;
}

/**
 * The users of the active company (issue 11). Users and memberships reach across companies (the
 * companies a user shares with the administrator, a user added to another of them), so the work
 * runs in system transactions where every query names the companies it is bound to: the active
 * company (`caller.companyId`) and those the caller administers users in.
 */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
    private readonly members: MemberCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(caller: Caller, query: ListQuery): Promise<PageOf<ManagedUser>> {
    return this.tenantDb.system(async (manager) => {
      const params: unknown[] = [caller.companyId, caller.userId];
      const where = ['true'];
      if (query.search) {
        params.push(query.search);
        where.push(containsFoldedSql(['u.email', 'u.display_name', "coalesce(u.position, '')", SORTS.roles], `$${params.length}`));
      }
      const column = sortColumn(SORTS, query.sort, SORTS.display_name);
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await manager.query(`select count(*)::int as total from (${USER_ROW} where ${where.join(' and ')}) counted`, params);
      const items: ManagedUser[] = await manager.query(
        `${USER_ROW} where ${where.join(' and ')} order by ${column} ${direction}, u.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(caller: Caller, id: number): Promise<ManagedUser> {
    return this.tenantDb.system((manager) => this.row(manager, caller, id));
  }

  /** The roles the active company offers (built-in and its own) and the companies the caller administers users in. */
  options(caller: Caller): Promise<UserOptions> {
    return this.tenantDb.system(async (manager) => ({
      roles: await manager.query(
        `select id, name, coalesce(description, '') as description, company_id is null as built_in from role
          where company_id is null or company_id = $1 order by company_id nulls first, name`,
        [caller.companyId],
      ),
      companies: await manager.query(`select id, name from company where id = any(${administeredCompanies('$1')}) order by name`, [caller.userId]),
    }));
  }

  /**
   * Invites a person to the active company (and others of the caller's) with roles (issue 36).
   * Whether the address has an account elsewhere in the installation is not looked at: the answer
   * is the same either way, and the person decides with the link (a new account chooses its
   * password, an existing one signs in). A pending invitation of the same address is replaced.
   */
  async create(caller: Caller, body: UserCreate & { email: string; role_ids: number[] }): Promise<UserInvitationWithLink> {
    const email = body.email.trim().toLowerCase();
    return this.refusalsAudited(caller, null, email, async (manager) => {
      await this.checkInvitationRate(manager, caller.companyId);
      const companies = [...new Set([caller.companyId, ...(body.company_ids ?? [])])];
      const roleIds = [...new Set(body.role_ids)];
      await this.checkRolesExist(manager, caller.companyId, roleIds);
      await this.checkCompanies(
        manager,
        caller,
        companies.filter((company) => company !== caller.companyId),
      );
      for (const company of companies) await this.checkRolesGiven(manager, caller, company, roleIds);
      // A member of the active company is in the caller's own list already.
      const [member] = await manager.query(`select 1 from company_member m join app_user u on u.id = m.user_id where m.company_id = $1 and u.email = $2`, [
        caller.companyId,
        email,
      ]);
      if (member) throw fieldError('email', messages.userAlreadyMember, HttpStatus.CONFLICT);
      await manager.query(`update user_invitation set revoked_at = now() where company_id = $1 and email = $2 and accepted_at is null and revoked_at is null`, [
        caller.companyId,
        email,
      ]);
      const { link, tokenHash } = newAccessLink(ACCESS_LINK_PAGES.invitation, this.invitationExpiry());
      const [{ id }] = await manager.query(
        `insert into user_invitation (company_id, email, display_name, position, role_ids, company_ids, token_hash, created_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [caller.companyId, email, body.display_name, body.position ?? null, roleIds, companies, tokenHash, caller.userId, link.expires_at],
      );
      const invitation = await this.invitationRow(manager, caller, id);
      await this.audit.recordFor(manager, caller.companyId, caller, {
        action: 'invite',
        entity: 'user-invitation',
        entityId: id,
        label: email,
        after: { email, display_name: invitation.display_name, roles: invitation.roles, companies: await this.companyNames(manager, companies) },
      });
      return { invitation, link };
    });
  }

  /** The invitations of the active company not yet accepted, newest first (expired ones too: they can get a new link). */
  invitations(caller: Caller): Promise<UserInvitation[]> {
    return this.tenantDb.system((manager) => manager.query(`${INVITATION_ROW} order by invitation.created_at desc, invitation.id desc`, [caller.companyId]));
  }

  /** A new link for a pending invitation: the one before stops working. */
  renewInvitation(caller: Caller, id: number): Promise<UserInvitationWithLink> {
    return this.tenantDb.system(async (manager) => {
      const before = await this.invitationRow(manager, caller, id, true);
      const { link, tokenHash } = newAccessLink(ACCESS_LINK_PAGES.invitation, this.invitationExpiry());
      await manager.query(`update user_invitation set token_hash = $2, expires_at = $3 where id = $1`, [id, tokenHash, link.expires_at]);
      await this.audit.recordFor(manager, caller.companyId, caller, {
        action: 'invite',
        entity: 'user-invitation',
        entityId: id,
        label: before.email,
        before: { expires_at: before.expires_at },
        after: { expires_at: link.expires_at },
      });
      return { invitation: await this.invitationRow(manager, caller, id), link };
    });
  }

  /** Withdraws a pending invitation: its link stops working. */
  async revokeInvitation(caller: Caller, id: number): Promise<void> {
    await this.tenantDb.system(async (manager) => {
      const invitation = await this.invitationRow(manager, caller, id, true);
      await manager.query(`update user_invitation set revoked_at = now() where id = $1`, [id]);
      await this.audit.recordFor(manager, caller.companyId, caller, { action: 'revoke', entity: 'user-invitation', entityId: id, label: invitation.email });
    });
  }

  async update(caller: Caller, id: number, body: UserUpdate): Promise<ManagedUser> {
    return this.refusalsAudited(caller, id, '', async (manager) => {
      const before = await this.row(manager, caller, id, true);
      // What is the person's own: only the person, or an administrator of every company they belong to.
      const changes: Record<string, unknown> = {};
      for (const name of IDENTITY_FIELDS) if (body[name] !== undefined && body[name] !== before[name]) changes[name] = body[name];
      const [firstOwn] = Object.keys(changes);
      if (firstOwn && !before.identity_editable) throw new Refusal(firstOwn, messages.userIdentityNotYours, { fields: Object.keys(changes) });
      const activating = body.active !== undefined && body.active !== before.active;
      if (body.active === false && before.active && id === caller.userId) throw fieldError('active', messages.userCannotDeactivateSelf, HttpStatus.CONFLICT);

      // Roles in the active company: only the added ones must be held by the caller.
      const roleIds = body.role_ids ? [...new Set(body.role_ids)] : before.role_ids;
      await this.checkRolesExist(manager, caller.companyId, roleIds);
      for (const role of roleIds.filter((role) => !before.role_ids.includes(role)))
        await this.checkRoleHeld(manager, caller, caller.companyId, role, 'role_ids');

      // Companies among the caller's own: the active one stays, added and removed ones must be the caller's.
      const companies = body.company_ids ? [...new Set(body.company_ids)] : before.company_ids;
      if (!companies.includes(caller.companyId)) throw fieldError('company_ids', messages.userActiveCompanyRequired);
      const added = companies.filter((company) => !before.company_ids.includes(company));
      const removed = before.company_ids.filter((company) => !companies.includes(company));
      await this.checkCompanies(manager, caller, [...added, ...removed]);

      // The last active administrator of a company keeps being one.
      const losesAdmin = new Set<number>(removed);
      if ((activating && body.active === false) || !(await this.isAdminRole(manager, roleIds))) losesAdmin.add(caller.companyId);
      for (const company of losesAdmin) {
        if ((await this.holdsAdmin(manager, id, company)) && (await this.otherActiveAdmins(manager, id, company)) === 0) {
          const field = removed.includes(company) ? 'company_ids' : body.active === false ? 'active' : 'role_ids';
          throw fieldError(field, messages.userLastAdmin, HttpStatus.CONFLICT);
        }
      }

      const auditedBefore = await this.audited(manager, before);
      if (Object.keys(changes).length > 0) {
        const names = Object.keys(changes);
        await manager.query(`update app_user set ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')}, updated_at = now() where id = $1`, [
          id,
          ...names.map((name) => changes[name]),
        ]);
      }
      // The membership of the active company only: the person's other companies decide their own.
      if (activating) await manager.query(`update company_member set active = $3 where company_id = $1 and user_id = $2`, [caller.companyId, id, body.active]);
      if (body.role_ids) {
        await manager.query(`delete from company_member_role where company_id = $1 and user_id = $2 and not (role_id = any($3::int[]))`, [
          caller.companyId,
          id,
          roleIds,
        ]);
        await manager.query(`insert into company_member_role (company_id, user_id, role_id) select $1, $2, unnest($3::int[]) on conflict do nothing`, [
          caller.companyId,
          id,
          roleIds,
        ]);
      }
      for (const company of added) await this.join(manager, caller, id, company, roleIds);
      if (removed.length > 0) {
        await manager.query(`delete from company_member where user_id = $1 and company_id = any($2::int[])`, [id, removed]);
        // A home company left behind: the active company becomes the home.
        await manager.query(`update app_user set home_company_id = $2 where id = $1 and home_company_id = any($3::int[])`, [id, caller.companyId, removed]);
      }

      const after = await this.row(manager, caller, id);
      const auditedAfter = await this.audited(manager, after);
      const action = before.active !== after.active ? (after.active ? 'activate' : 'deactivate') : 'update';
      const { before: old, after: now } = changedValues({ ...auditedBefore }, { ...auditedAfter });
      if (old || now)
        await this.audit.recordFor(manager, caller.companyId, caller, {
          action,
          entity: 'user',
          entityId: id,
          label: after.display_name,
          before: old,
          after: now,
        });
      return after;
    });
  }

  /**
   * An administrator's reset (issue 36): the person's password stops working and every session of
   * theirs ends at once; the answer carries a one-time link with which they choose a new one (shown
   * once, until mail sends it to them). Only for an administrator of every company the person
   * belongs to who holds every role the person holds: the link opens all of them.
   */
  async resetPassword(caller: Caller, id: number): Promise<UserWithLink> {
    return this.refusalsAudited(caller, id, '', async (manager) => {
      const target = await this.row(manager, caller, id, true);
      // A link of one's own would only end one's own sessions.
      if (id === caller.userId) throw fieldError('id', messages.userCannotResetOwnPassword, HttpStatus.CONFLICT);
      if (!target.identity_editable) throw new Refusal('id', messages.userResetNotAllCompanies, {});
      const held: { company_id: number; role_id: number }[] = await manager.query(
        `select company_id, role_id from company_member_role where user_id = $1 order by company_id, role_id`,
        [id],
      );
      for (const { company_id, role_id } of held) await this.checkRoleHeld(manager, caller, company_id, role_id, 'id');
      await replacePassword(manager, id, NO_PASSWORD, null);
      const link = await this.passwordResetLink(manager, caller, id);
      await this.audit.recordFor(manager, caller.companyId, caller, { action: 'password-reset', entity: 'user', entityId: id, label: target.display_name });
      return { user: await this.row(manager, caller, id), link };
    });
  }

  /** Only a user without history: anything they did stays attributable, so they are deactivated instead. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.refusalsAudited(caller, id, '', async (manager) => {
      const target = await this.row(manager, caller, id, true);
      if (id === caller.userId) throw fieldError('id', messages.userCannotDeactivateSelf, HttpStatus.CONFLICT);
      const companies: number[] = (await manager.query(`select company_id from company_member where user_id = $1`, [id])).map(
        (row: { company_id: number }) => row.company_id,
      );
      await this.checkCompanies(
        manager,
        caller,
        companies.filter((company) => company !== caller.companyId),
      );
      if (await this.hasHistory(manager, id)) throw fieldError('id', messages.userHasHistory, HttpStatus.CONFLICT);
      for (const company of companies) {
        if ((await this.holdsAdmin(manager, id, company)) && (await this.otherActiveAdmins(manager, id, company)) === 0)
          throw fieldError('id', messages.userLastAdmin, HttpStatus.CONFLICT);
      }
      const before = await this.audited(manager, target);
      await manager.query(`delete from app_user where id = $1`, [id]);
      await this.audit.recordFor(manager, caller.companyId, caller, {
        action: 'delete',
        entity: 'user',
        entityId: id,
        label: target.display_name,
        before: { email: target.email, ...before },
      });
    });
  }

  // ------------------------------------------------------------------------------------ rules

  /**
   * Runs a change in a system transaction; an escalation attempt rolls it back, is written to
   * the trail in a transaction of its own, and answers 403.
   */
  private async refusalsAudited<T>(caller: Caller, id: number | null, label: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      const done = await this.tenantDb.system(work);
      // The user's next call sees the change even before this process hears its own notification.
      if (id !== null) this.members.forgetUser(id);
      return done;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await this.tenantDb.system(async (manager) => {
        const [target] = id === null ? [] : await manager.query(`select display_name from app_user where id = $1`, [id]);
        await this.audit.recordFor(manager, caller.companyId, caller, {
          action: 'refused',
          entity: 'user',
          entityId: id,
          label: target?.display_name ?? label,
          after: { reason: error.reason, ...error.detail },
        });
      });
      throw new ForbiddenException({ message: error.reason, fields: { [error.field]: error.reason } });
    }
  }

  /** A user of the active company, locked for the change when `forUpdate`; 404 for anybody else. */
  private async row(manager: EntityManager, caller: Caller, id: number, forUpdate = false): Promise<ManagedUser> {
    if (forUpdate) await manager.query(`select 1 from app_user where id = $1 for update`, [id]);
    const [row] = await manager.query(`${USER_ROW} where u.id = $3`, [caller.companyId, caller.userId, id]);
    if (!row) throw new NotFoundException(messages.notFound);
    return row;
  }

  /** A pending invitation of the active company, locked for the change when `forUpdate`; 404 for anything else. */
  private async invitationRow(manager: EntityManager, caller: Caller, id: number, forUpdate = false): Promise<UserInvitation> {
    if (forUpdate) await manager.query(`select 1 from user_invitation where id = $1 for update`, [id]);
    const [row] = await manager.query(`${INVITATION_ROW} and invitation.id = $2`, [caller.companyId, id]);
    if (!row) throw new NotFoundException(messages.notFound);
    return row;
  }

  private invitationExpiry(): Date {
    return new Date(Date.now() + this.config.accessLinks.invitationDays * 86_400_000);
  }

  /** A new reset link for `userId`; links given before stop working. */
  private async passwordResetLink(manager: EntityManager, caller: Caller, userId: number): Promise<AccessLink> {
    await manager.query(`update password_reset set used_at = now() where user_id = $1 and used_at is null`, [userId]);
    const { link, tokenHash } = newAccessLink(ACCESS_LINK_PAGES.passwordReset, new Date(Date.now() + this.config.accessLinks.resetHours * 3_600_000));
    await manager.query(`insert into password_reset (user_id, token_hash, created_by, expires_at) values ($1, $2, $3, $4)`, [
      userId,
      tokenHash,
      caller.userId,
      link.expires_at,
    ]);
    return link;
  }

  /** At most `invitationsPerHour` invitations per company: 429 with Retry-After beyond (one counter per company at a time). */
  private async checkInvitationRate(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtextextended('user-invitations:' || $1, 0))`, [companyId]);
    const [{ made, oldest }] = await manager.query(
      `select count(*)::int as made, min(created_at) as oldest from user_invitation where company_id = $1 and created_at > now() - interval '1 hour'`,
      [companyId],
    );
    if (made < this.config.accessLinks.invitationsPerHour) return;
    const waitSeconds = Math.max(1, Math.ceil((new Date(oldest).getTime() + 3_600_000 - Date.now()) / 1000));
    throw tooManyRequests(messages.userInvitationsTooMany, waitSeconds);
  }

  private async companyNames(manager: EntityManager, companyIds: number[]): Promise<string[]> {
    const companies: { name: string }[] = await manager.query(`select name from company where id = any($1::int[]) order by name`, [companyIds]);
    return companies.map((company) => company.name);
  }

  private async audited(manager: EntityManager, user: ManagedUser): Promise<AuditedValues> {
    return {
      display_name: user.display_name,
      position: user.position,
      photo_url: user.photo_url,
      roles: user.roles,
      companies: await this.companyNames(manager, user.company_ids),
      active: user.active,
    };
  }

  private async checkRolesExist(manager: EntityManager, companyId: number, roleIds: number[]): Promise<void> {
    const [{ known }] = await manager.query(`select count(*)::int as known from role where id = any($1::int[]) and (company_id is null or company_id = $2)`, [
      roleIds,
      companyId,
    ]);
    if (known !== roleIds.length) throw fieldError('role_ids', messages.userRoleUnknown);
  }

  /**
   * The caller holds a role in a company when its grants there are all within the caller's own
   * (the union over the roles they hold there); the built-in 'admin' only when they hold it.
   */
  private async checkRoleHeld(manager: EntityManager, caller: Caller, companyId: number, roleId: number, field: string): Promise<void> {
    const [role] = await manager.query(`select name, company_id is null as built_in from role where id = $1`, [roleId]);
    if (role.built_in && role.name === 'admin') {
      if (!(await this.holdsAdmin(manager, caller.userId, companyId)))
        throw new Refusal(field, messages.userAdminRoleNotHeld, { role: role.name, company_id: companyId });
      return;
    }
    const [{ held }] = await manager.query(
      `with mine as (${heldGrantsSql('$1', '$3')})
       select not exists (
         select 1 from page_role target left join mine on mine.page_id = target.page_id
          where target.company_id = $1 and target.role_id = $2
            and ((target.read and not coalesce(mine.read, false)) or (target.insert and not coalesce(mine.insert, false))
              or (target.update and not coalesce(mine.update, false)) or (target.delete and not coalesce(mine.delete, false)))) as held`,
      [companyId, roleId, caller.userId],
    );
    if (!held) throw new Refusal(field, messages.userRoleNotHeld, { role: role.name, company_id: companyId });
  }

  /** Companies the caller may add or take away: theirs, with update on 'users' there. */
  private async checkCompanies(manager: EntityManager, caller: Caller, companies: number[]): Promise<void> {
    if (companies.length === 0) return;
    const [{ allowed }] = await manager.query(`select ${administeredCompanies('$1')} as allowed`, [caller.userId]);
    const refused = companies.filter((company) => !(allowed as number[]).includes(company));
    if (refused.length > 0) throw new Refusal('company_ids', messages.userCompanyNotHeld, { company_ids: refused });
  }

  /** The roles of `roleIds` that apply in `companyId`: built-in ones everywhere, a company's own only there. */
  private async applyingRoles(manager: EntityManager, companyId: number, roleIds: number[]): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `select id from role where id = any($1::int[]) and (company_id is null or company_id = $2) order by id`,
      [roleIds, companyId],
    );
    return rows.map((row) => row.id);
  }

  /** Each role of `roleIds` that applies in `companyId` is held by the caller there. */
  private async checkRolesGiven(manager: EntityManager, caller: Caller, companyId: number, roleIds: number[]): Promise<void> {
    for (const role of await this.applyingRoles(manager, companyId, roleIds))
      await this.checkRoleHeld(manager, caller, companyId, role, companyId === caller.companyId ? 'role_ids' : 'company_ids');
  }

  /** A membership in `companyId` with the roles of `roleIds` that apply there, each held by the caller. */
  private async join(manager: EntityManager, caller: Caller, userId: number, companyId: number, roleIds: number[]): Promise<void> {
    await this.checkRolesGiven(manager, caller, companyId, roleIds);
    await joinCompany(manager, userId, companyId, await this.applyingRoles(manager, companyId, roleIds));
  }

  private async isAdminRole(manager: EntityManager, roleIds: number[]): Promise<boolean> {
    const rows = await manager.query(`select 1 from role where id = any($1::int[]) and company_id is null and name = 'admin'`, [roleIds]);
    return rows.length > 0;
  }

  private async holdsAdmin(manager: EntityManager, userId: number, companyId: number): Promise<boolean> {
    const rows = await manager.query(
      `select 1 from company_member_role held join role on role.id = held.role_id
        where held.user_id = $1 and held.company_id = $2 and role.company_id is null and role.name = 'admin'`,
      [userId, companyId],
    );
    return rows.length > 0;
  }

  private async otherActiveAdmins(manager: EntityManager, userId: number, companyId: number): Promise<number> {
    const [{ count }] = await manager.query(
      `select count(*)::int as count from company_member_role held
         join role on role.id = held.role_id and role.company_id is null and role.name = 'admin'
         join active_member member on member.user_id = held.user_id and member.company_id = held.company_id
        where held.company_id = $1 and held.user_id <> $2`,
      [companyId, userId],
    );
    return count;
  }

  /** Any row of another table that names the user (read from the catalogue, so new tables count too). */
  private async hasHistory(manager: EntityManager, userId: number): Promise<boolean> {
    const references: { table_name: string; column_name: string }[] = await manager.query(
      `select constraint_row.conrelid::regclass::text as table_name, attribute.attname as column_name
         from pg_constraint constraint_row
         join pg_attribute attribute on attribute.attrelid = constraint_row.conrelid and attribute.attnum = constraint_row.conkey[1]
        where constraint_row.contype = 'f' and constraint_row.confrelid = 'app_user'::regclass and array_length(constraint_row.conkey, 1) = 1`,
    );
    for (const { table_name, column_name } of references) {
      if (NOT_HISTORY.has(table_name.replace(/^public\./, '').replace(/"/g, ''))) continue;
      const rows = await manager.query(`select 1 from ${table_name} where "${column_name}" = $1 limit 1`, [userId]);
      if (rows.length > 0) return true;
    }
    return false;
  }
}

/**
 * Makes `userId` an active member of `companyId` with `roleIds` (already known to apply there): a
 * membership that was deactivated is active again. Shared with the acceptance of an invitation.
 */
export async function joinCompany(manager: EntityManager, userId: number, companyId: number, roleIds: number[]): Promise<void> {
  await manager.query(`insert into company_member (company_id, user_id) values ($1, $2) on conflict (company_id, user_id) do update set active = true`, [
    companyId,
    userId,
  ]);
  await manager.query(`insert into company_member_role (company_id, user_id, role_id) select $1, $2, unnest($3::int[]) on conflict do nothing`, [
    companyId,
    userId,
    roleIds,
  ]);
}
