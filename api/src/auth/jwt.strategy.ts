import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessTokenClaims } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RequestIdentity } from '../tenancy/request-context';
import { JWT_ALGORITHM } from './access-token.service';
import { IdentityService } from './identity.service';

/**
 * Bearer tokens: signature, algorithm, issuer, audience and expiry are checked by passport-jwt;
 * then IdentityService decides who the claims stand for (active member, roles from the record).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly identities: IdentityService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object made once: given the string, jsonwebtoken first tries it as a PEM public key on every call.
      secretOrKey: createSecretKey(Buffer.from(config.jwt.secret)) as unknown as string,
      algorithms: [JWT_ALGORITHM],
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<RequestIdentity | false> {
    return (await this.identities.resolve(claims)) ?? false;
  }
}
