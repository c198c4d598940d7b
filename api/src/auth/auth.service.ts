import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { messages, type AuthResponse, type LoginRequest, type RegisterRequest, type TokenSignInRequest } from '@planta/contracts';
import { CompanyEntity } from '../companies/company.entity';
import { grantDefaultPermissions } from '../permissions/default-permissions';
import { RoleEntity } from '../permissions/role.entity';
import { TenantDb } from '../tenancy/tenant-db.service';
import { CompanyMemberEntity } from '../users/company-member.entity';
import { UserEntity } from '../users/user.entity';
import { roleNames, toUser, UsersService } from '../users/users.service';
import { AccessTokenService } from './access-token.service';
import { LoginThrottleService } from './login-throttle.service';
import { RegistrationPolicyService } from './registration-policy.service';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';

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
  ) {}

  /** A session for `user` in `companyId`: the spec's user plus a fresh access token. */
  session(user: UserEntity, companyId: number): AuthResponse {
    return {
      user: toUser(user, companyId),
      access_token: this.tokens.issue({ sub: String(user.id), uuid: user.uuid, roles: roleNames(user), company_id: companyId }),
    };
  }

  /** One answer for an unknown email and a wrong password, in the same time. */
  async login({ email, password }: LoginRequest, address: string): Promise<AuthResponse> {
    const normalized = email.toLowerCase();
    const attempt = await this.throttle.begin(normalized, address);
    const user = await this.users.findForLogin(normalized);
    const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !user.active || !valid) {
      await this.throttle.failed(attempt);
      throw new UnauthorizedException(messages.invalidCredentials);
    }
    await this.throttle.succeeded(attempt, normalized, address);
    return this.session(user, user.home_company_id);
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
    const companyId = (await this.users.isMember(user.id, Number(claims.company_id))) ? Number(claims.company_id) : user.home_company_id;
    return this.session(user, companyId);
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
        const admin = await manager.findOneByOrFail(RoleEntity, { name: 'admin' });
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
            roles: [admin],
          }),
        );
        await manager.insert(CompanyMemberEntity, { company_id: company.id, user_id: created.id });
        await grantDefaultPermissions(manager, company.id);
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
