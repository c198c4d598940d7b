import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenClaims } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const JWT_ALGORITHM = 'HS256';

/** Signs and verifies access tokens: one algorithm, issuer and audience, pinned both ways. */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(claims: AccessTokenClaims, expiresInSeconds?: number): string {
    const { sub, ...rest } = claims;
    return this.jwt.sign(rest, {
      subject: sub,
      algorithm: JWT_ALGORITHM,
      issuer: this.config.jwt.issuer,
      audience: this.config.jwt.audience,
      expiresIn: (expiresInSeconds ?? this.config.jwt.expiresIn) as never,
    });
  }

  /** The claims of a valid token; throws (TokenExpiredError, JsonWebTokenError) otherwise. */
  verify(token: string): AccessTokenClaims {
    return this.jwt.verify<AccessTokenClaims>(token, {
      algorithms: [JWT_ALGORITHM],
      issuer: this.config.jwt.issuer,
      audience: this.config.jwt.audience,
    });
  }
}
