import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { messages, type AuthResponse, type LoginRequest, type PasswordChange, type RegisterRequest, type TokenSignInRequest } from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { CompanyEntity } from '../companies/company.entity';
import { companyAuditValues, setUpCompany } from '../companies/company-setup';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { UserEntity } from '../users/user.entity';
import { MemberCache } from '../users/member-cache.service';
import { toUser, UsersService } from '../users/users.service';
import { AccessTokenService } from './access-token.service';
import { LoginThrottleService } from './login-throttle.service';
import { RegistrationPolicyService } from './registration-policy.service';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';
import { replacePassword, sessionHolds, tokenSession } from './session-version';

const UNIQUE_VIOLATION = '23505';

const emailInUse = () =>
  new ConflictException({ message: messages.emailInUse, fields: { email: messages.emailInUse }, codes: { email: 'email-already-in-use' } });

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: AccessTokenService,
    private readonly throttle: LoginThrottleService,
    private readonly tenantDb: TenantDb,
    private readonly registrationPolicy: RegistrationPolicyService,
    private readonly audit: AuditService,
    private readonly members: MemberCache,
  ) {}

  private readonly logger = new Logger('Auth');

  /**
   * A session for `user` in `companyId` with the roles held there: the spec's user plus a fresh
   * access token of the account's current session version. `sessionId` is the sign-in it
   * continues (a renewed token, a company switch, a password change); a new sign-in gets a new one.
   */
  async session(user: UserEntity, companyId: number, sessionId: string = randomUUID()): Promise<AuthResponse> {
    const roles = await this.users.rolesIn(user.id, companyId);
    return {
      user: toUser(user, companyId, roles),
      access_token: this.tokens.issue({ sub: String(user.id), uuid: user.uuid, roles, company_id: companyId, sv: user.session_version, sid: sessionId }),
    };
  }

  /** A session in the company a sign-in opens; a user none of whose companies can still be chosen is told so. */
  async signedIn(user: UserEntity, sessionId?: string): Promise<AuthResponse> {
    const companyId = await this.users.signInCompany(user);
    if (companyId === null) throw new UnauthorizedException(messages.noActiveCompany);
    return this.session(user, companyId, sessionId);
  }

  /** One answer for an unknown email and a wrong password, in the same time. */
  async login({ email, password }: LoginRequest, address: string): Promise<AuthResponse> {
    const normalized = email.toLowerCase();
    const attempt = await this.throttle.begin(normalized, address);
    const user = await this.users.findForLogin(normalized);
    const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !user.active || !valid) {
      await this.throttle.failed(attempt);
      // Not awaited: an unknown email and a known one must answer in the same time.
      if (user) this.auditSignIn(user, 'sign-in-failed', address).catch((error: Error) => this.logger.warn(`Audit of a failed sign-in: ${error.message}`));
      throw new UnauthorizedException(messages.invalidCredentials);
    }
    await this.throttle.succeeded(attempt, normalized, address);
    const session = await this.signedIn(user);
    await this.auditSignIn(user, 'sign-in', address, session.user.data.company_id);
    return session;
  }

  /** A sign-in in the trail of the company it opened; a failed one in each of the user's companies. */
  private auditSignIn(user: UserEntity, action: 'sign-in' | 'sign-in-failed', address: string, companyId?: number): Promise<void> {
    return this.tenantDb.system(async (manager) => {
      const companies: { company_id: number }[] =
        companyId === undefined ? await manager.query(`select company_id from company_member where user_id = $1`, [user.id]) : [{ company_id: companyId }];
      for (const { company_id } of companies) {
        await this.audit.recordFor(
          manager,
          company_id,
          { userId: user.id, email: user.email },
          { action, entity: 'user', entityId: user.id, label: user.display_name },
          address,
        );
      }
    });
  }

  /**
   * The caller's own new password; it ends a temporary password's hold on the session (issue 11)
   * and every other session of the person, here and in every API process (issue 36: the session
   * version moves on, announced by the access trigger). Answers a fresh token of the same session.
   */
  async changePassword(caller: RequestIdentity, { current_password, new_password }: PasswordChange, address: string): Promise<AuthResponse> {
    const stored = await this.users.findForLogin(caller.email);
    if (!stored || !(await verifyPassword(current_password, stored.password_hash))) {
      throw new BadRequestException({ message: messages.currentPasswordWrong, fields: { current_password: messages.currentPasswordWrong } });
    }
    const passwordHash = await hashPassword(new_password);
    await this.tenantDb.transaction(async (scope) => {
      await replacePassword(scope.manager, caller.userId, passwordHash, caller.session?.id ?? null);
      await this.audit.record(scope, caller, { action: 'password-change', entity: 'user', entityId: caller.userId, label: stored.display_name }, address);
    }, caller.companyId);
    // No longer held to a password change: the next call must not be refused as if it were.
    this.members.forgetUser(caller.userId);
    const user = await this.users.findActive(caller.userId);
    if (!user) throw new UnauthorizedException(messages.invalidAccessToken);
    return this.session(user, caller.companyId, caller.session?.id);
  }

  /** Spec 7 `auth/token`: a still valid token of the user with this email gets a fresh one. */
  async tokenSignIn({ token, email }: TokenSignInRequest): Promise<AuthResponse> {
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      throw new UnauthorizedException((error as Error).name === 'TokenExpiredError' ? messages.accessTokenExpired : messages.invalidAccessToken);
    }
    const user = claims.share ? null : await this.users.findActive(Number(claims.sub));
    if (!user || user.email !== email.trim().toLowerCase()) throw new UnauthorizedException(messages.invalidAccessToken);
    // A session ended by a password change or reset is not renewed either.
    const session = tokenSession(claims);
    if (!sessionHolds(session, { sessionVersion: user.session_version, keptSession: user.kept_session }))
      throw new UnauthorizedException(messages.invalidAccessToken);
    const selectable = await this.users.selectableCompanies(user);
    if (selectable.some((company) => company.id === Number(claims.company_id))) return this.session(user, Number(claims.company_id), session.id);
    return this.signedIn(user, session.id);
  }

  /** A new company with the registering person as its administrator, signed in. */
  async register(request: RegisterRequest): Promise<AuthResponse> {
    const email = request.email.toLowerCase();
    const passwordHash = await hashPassword(request.password);
    try {
      const user = await this.tenantDb.system(async (manager) => {
        await this.registrationPolicy.redeem(manager, request.invitation);
        if (await manager.exists(UserEntity, { where: { email } })) throw emailInUse();
        if (await manager.exists(CompanyEntity, { where: { name: request.companyName } })) {
          throw new ConflictException({ message: 'Ya existe una empresa con ese nombre', fields: { companyName: 'Ya existe una empresa con ese nombre' } });
        }
        const company = await manager.save(CompanyEntity, manager.create(CompanyEntity, { name: request.companyName }));
        const created = await manager.save(
          UserEntity,
          manager.create(UserEntity, {
            email,
            password_hash: passwordHash,
            display_name: request.displayName,
            position: null,
            photo_url: null,
            settings: {},
            shortcuts: [],
            home_company_id: company.id,
          }),
        );
        await setUpCompany(manager, company.id, created.id);
        await this.audit.recordFor(
          manager,
          company.id,
          { userId: created.id, email },
          {
            action: 'create',
            entity: 'company',
            entityId: company.id,
            label: company.name,
            after: companyAuditValues(company),
          },
        );
        return manager.findOneOrFail(UserEntity, { where: { id: created.id } });
      });
      return this.session(user, user.home_company_id);
    } catch (error) {
      // Two registrations of one email at the same moment: the unique index decides.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === UNIQUE_VIOLATION) throw emailInUse();
      throw error;
    }
  }
}
