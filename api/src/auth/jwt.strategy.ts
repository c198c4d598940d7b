import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessTokenClaims } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RequestIdentity } from '../tenancy/request-context';
import { roleNames, UsersService } from '../users/users.service';
import { JWT_ALGORITHM } from './access-token.service';
import { ShareTokenService } from './share-token.service';

/**
 * Bearer tokens: signature, algorithm, issuer, audience and expiry are checked by passport-jwt;
 * then the user must still be active and a member of the token's company, and roles are read
 * from the user's record, never trusted from the token.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
    private readonly shareTokens: ShareTokenService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.secret,
      algorithms: [JWT_ALGORITHM],
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<RequestIdentity | false> {
    const companyId = Number(claims.company_id);
    if (!Number.isSafeInteger(companyId) || typeof claims.sub !== 'string') return false;
    if (claims.share) return (await this.shareTokens.identityFor(claims.sub, companyId)) ?? false;
    const user = await this.users.findActive(Number(claims.sub));
    if (!user || !(await this.users.isMember(user.id, companyId))) return false;
    return { userId: user.id, uuid: user.uuid, email: user.email, roles: roleNames(user), companyId };
  }
}
