import { HttpStatus, Injectable } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import {
  messages,
  type AuthResponse,
  type InvitationAccept,
  type InvitationPreview,
  type PasswordResetComplete,
  type PasswordResetPreview,
} from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import { TenantDb } from '../tenancy/tenant-db.service';
import { joinCompany } from '../users/user-admin.service';
import { UserEntity } from '../users/user.entity';
import { MemberCache } from '../users/member-cache.service';
import { linkTokenHash } from './access-link';
import { AuthService } from './auth.service';
import { LoginThrottleService } from './login-throttle.service';
import { hashPassword, verifyPassword } from './password';
import { replacePassword } from './session-version';

interface PendingInvitation {
  id: number;
  company_id: number;
  email: string;
  display_name: string;
  position: string | null;
  role_ids: number[];
  company_ids: number[];
}

/** A link that is unknown, used, withdrawn or expired: one answer for all, on the token. */
const linkInvalid = () => fieldError('token', messages.linkInvalid, HttpStatus.NOT_FOUND);

/** A pending invitation by its token (`$1`: the hash), of an active company, not expired. */
const PENDING_INVITATION = `
  select invitation.id, invitation.company_id, invitation.email, invitation.display_name, invitation.position,
         invitation.role_ids, invitation.company_ids, invitation.expires_at, company.name as company_name
    from user_invitation invitation join company on company.id = invitation.company_id and company.active
   where invitation.token_hash = $1 and invitation.accepted_at is null and invitation.revoked_at is null and invitation.expires_at > now()`;

/** A reset not yet used nor expired, by its token (`$1`: the hash), of an account that can sign in. */
const PENDING_RESET = `
  select reset.id, reset.user_id, reset.expires_at, person.email, person.display_name
    from password_reset reset join app_user person on person.id = reset.user_id and person.active
   where reset.token_hash = $1 and reset.used_at is null and reset.expires_at > now()`;

/**
 * The one-time links of issue 36, followed by the person they are for: an invitation to a company
 * (a new account chooses its password; a person with an account types theirs, counted as a sign-in
 * attempt) and an administrator's password reset. Each answers a signed-in session; a link is used
 * once, in the transaction that uses it.
 */
@Injectable()
export class AccessLinkService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditService,
    private readonly members: MemberCache,
  ) {}

  previewInvitation(token: string): Promise<InvitationPreview> {
    return this.tenantDb.system(async (manager) => {
      const [found] = await manager.query(PENDING_INVITATION, [linkTokenHash(token)]);
      if (!found) throw linkInvalid();
      return { email: found.email, display_name: found.display_name, company_name: found.company_name, expires_at: new Date(found.expires_at).toISOString() };
    });
  }

  async acceptInvitation({ token, password }: InvitationAccept, address: string): Promise<AuthResponse> {
    const hash = linkTokenHash(token);
    const [invitation] = await this.tenantDb.system((manager) => manager.query(PENDING_INVITATION, [hash]) as Promise<PendingInvitation[]>);
    if (!invitation) throw linkInvalid();
    const account = await this.tenantDb.system(
      async (manager) =>
        (await manager.query(`select id, active, password_hash from app_user where email = $1`, [invitation.email]))[0] as
          { id: number; active: boolean; password_hash: string } | undefined,
    );
    // A person with an account proves it is theirs, as at the sign-in (and as slowly, when guessed at).
    if (account) {
      const attempt = await this.throttle.begin(invitation.email, address);
      if (!account.active || !(await verifyPassword(password, account.password_hash))) {
        await this.throttle.failed(attempt);
        throw fieldError('password', messages.invitationPasswordWrong);
      }
      await this.throttle.succeeded(attempt, invitation.email, address);
    }
    const passwordHash = account ? null : await hashPassword(password);
    const userId = await this.tenantDb.system(async (manager) => {
      // Used once: the row is locked and checked again, so two acceptances cannot both pass.
      const [still] = await manager.query(`${PENDING_INVITATION} and invitation.id = $2 for update of invitation`, [hash, invitation.id]);
      if (!still) throw linkInvalid();
      const id = account?.id ?? (await this.createAccount(manager, invitation, passwordHash!));
      for (const company of invitation.company_ids) {
        const roles: { id: number }[] = await manager.query(`select id from role where id = any($1::int[]) and (company_id is null or company_id = $2)`, [
          invitation.role_ids,
          company,
        ]);
        await joinCompany(
          manager,
          id,
          company,
          roles.map((role) => role.id),
        );
      }
      await manager.query(`update user_invitation set accepted_at = now(), accepted_by = $2 where id = $1`, [invitation.id, id]);
      await this.audit.recordFor(
        manager,
        invitation.company_id,
        { userId: id, email: invitation.email },
        { action: 'accept', entity: 'user-invitation', entityId: invitation.id, label: invitation.email, after: { new_account: !account } },
        address,
      );
      return id;
    });
    this.members.forgetUser(userId);
    return this.auth.session(await this.account(userId), invitation.company_id);
  }

  previewPasswordReset(token: string): Promise<PasswordResetPreview> {
    return this.tenantDb.system(async (manager) => {
      const [found] = await manager.query(PENDING_RESET, [linkTokenHash(token)]);
      if (!found) throw linkInvalid();
      return { email: found.email, display_name: found.display_name, expires_at: new Date(found.expires_at).toISOString() };
    });
  }

  /** The new password: every other session ends (the session version moves on), and a new one opens. */
  async completePasswordReset({ token, new_password }: PasswordResetComplete, address: string): Promise<AuthResponse> {
    const hash = linkTokenHash(token);
    const passwordHash = await hashPassword(new_password);
    const userId = await this.tenantDb.system(async (manager) => {
      const [reset] = await manager.query(`${PENDING_RESET} for update of reset`, [hash]);
      if (!reset) throw linkInvalid();
      await manager.query(`update password_reset set used_at = now() where id = $1`, [reset.id]);
      await replacePassword(manager, reset.user_id, passwordHash, null);
      const companies: { company_id: number }[] = await manager.query(`select company_id from company_member where user_id = $1`, [reset.user_id]);
      for (const { company_id } of companies)
        await this.audit.recordFor(
          manager,
          company_id,
          { userId: reset.user_id, email: reset.email },
          { action: 'password-change', entity: 'user', entityId: reset.user_id, label: reset.display_name },
          address,
        );
      return reset.user_id as number;
    });
    this.members.forgetUser(userId);
    return this.auth.signedIn(await this.account(userId));
  }

  private async createAccount(manager: EntityManager, invitation: PendingInvitation, passwordHash: string): Promise<number> {
    try {
      const [{ id }] = await manager.query(
        `insert into app_user (email, password_hash, display_name, position, home_company_id) values ($1, $2, $3, $4, $5) returning id`,
        [invitation.email, passwordHash, invitation.display_name, invitation.position, invitation.company_id],
      );
      return id;
    } catch (error) {
      // Another company's invitation made the account a moment ago: it is one to sign in to now.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505')
        throw fieldError('password', messages.invitationPasswordWrong);
      throw error;
    }
  }

  private account(userId: number): Promise<UserEntity> {
    return this.tenantDb.system((manager) => manager.findOneOrFail(UserEntity, { where: { id: userId } }));
  }
}
