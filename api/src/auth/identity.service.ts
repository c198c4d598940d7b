import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims } from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';
import { MemberCache } from '../users/member-cache.service';
import { sessionHolds, tokenSession } from './session-version';
import { ShareTokenService } from './share-token.service';

/**
 * Who verified claims stand for, today: the user must still be active and an active member of
 * the token's company, the token's session not ended by a password change or reset since, roles
 * come from the user's record (never trusted from the token), and a share-token guest only while
 * its link is valid. Shared by HTTP (JwtStrategy) and sockets. The
 * member is read once and kept until the database announces a change of theirs (MemberCache).
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly members: MemberCache,
    private readonly shareTokens: ShareTokenService,
  ) {}

  async resolve(claims: AccessTokenClaims): Promise<RequestIdentity | null> {
    const companyId = Number(claims.company_id);
    if (!Number.isSafeInteger(companyId) || typeof claims.sub !== 'string') return null;
    if (claims.share) return this.shareTokens.identityFor(claims.sub, companyId);
    const member = await this.members.activeMember(Number(claims.sub), companyId);
    const session = tokenSession(claims);
    if (!member || !sessionHolds(session, member)) return null;
    return {
      userId: member.id,
      uuid: member.uuid,
      email: member.email,
      roles: [...member.roles],
      companyId,
      session,
    };
  }
}
