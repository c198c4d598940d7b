import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan } from 'typeorm';
import { messages, type AuthResponse, type CreateShareTokenRequest, type PageAlias, type ShareResourceType, type ShareTokenResponse } from '@planta/contracts';
import { CorrectionRecordEntity } from '../dieshop/correction-record.entity';
import { CorrectionReportEntity } from '../dieshop/correction-report.entity';
import { DieEntity } from '../dieshop/die.entity';
import { PermissionsService } from '../permissions/permissions.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { AccessTokenService } from './access-token.service';
import { ShareTokenEntity } from './share-token.entity';

/** What each shareable resource is stored as and which page grants sharing it. */
const SHAREABLE = {
  'die-summary': { entity: DieEntity, page: 'dies' },
  'correction-record': { entity: CorrectionRecordEntity, page: 'correction-records' },
  'correction-report': { entity: CorrectionReportEntity, page: 'correction-reports' },
} as const satisfies Record<ShareResourceType, { entity: unknown; page: PageAlias }>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const SHARE_SUBJECT = /^share:(\d+)$/;

/** Read-only links to one die summary, correction record or correction report. */
@Injectable()
export class ShareTokenService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly permissions: PermissionsService,
    private readonly tokens: AccessTokenService,
  ) {}

  /** Sharing needs update permission on the resource's page: reading it is not enough to hand it out. */
  async create(identity: RequestIdentity, request: CreateShareTokenRequest): Promise<ShareTokenResponse> {
    const shareable = SHAREABLE[request.resource_type];
    if (identity.share || !(await this.permissions.can(identity, shareable.page, 'update'))) throw new ForbiddenException(messages.forbidden);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + request.expires_in_hours * 3600_000);
    await this.tenantDb.transaction(async (scope) => {
      await scope.repository(shareable.entity).findOne(request.resource_id);
      await scope.repository(ShareTokenEntity).create({
        token_hash: hashOf(token),
        resource_type: request.resource_type,
        resource_id: request.resource_id,
        created_by: identity.userId,
        expires_at: expiresAt,
      });
    });
    return { token, resource_type: request.resource_type, resource_id: request.resource_id, expires_at: expiresAt.toISOString() };
  }

  /** Ends one of the company's links before it expires; the same permission as sharing is needed. */
  async revoke(identity: RequestIdentity, id: number): Promise<void> {
    const tokens = this.tenantDb.repository(ShareTokenEntity);
    const share = await tokens.findOne(id);
    if (identity.share || !(await this.permissions.can(identity, SHAREABLE[share.resource_type].page, 'update')))
      throw new ForbiddenException(messages.forbidden);
    await tokens.update(id, { revoked_at: new Date() });
  }

  /** Guest sign-in: a session with role guest that opens the token's one resource, read only. */
  async signIn(token: string): Promise<AuthResponse> {
    const share = await this.tenantDb.system((manager) =>
      manager.findOne(ShareTokenEntity, { where: { token_hash: hashOf(token), revoked_at: IsNull(), expires_at: MoreThan(new Date()) } }),
    );
    if (!share) throw new UnauthorizedException(messages.shareTokenInvalid);
    const secondsLeft = Math.floor((share.expires_at.getTime() - Date.now()) / 1000);
    const accessToken = this.tokens.issue(
      {
        sub: `share:${share.id}`,
        uuid: `share-${share.id}`,
        roles: ['guest'],
        company_id: share.company_id,
        share: { type: share.resource_type, id: share.resource_id },
      },
      Math.min(secondsLeft, 2 * 24 * 3600),
    );
    return {
      access_token: accessToken,
      user: {
        uuid: `share-${share.id}`,
        uid: `share-${share.id}`,
        from: 'api',
        role: ['guest'],
        data: {
          id: 0,
          company_id: share.company_id,
          companyId: share.company_id,
          displayName: 'Invitado',
          position: null,
          photoURL: null,
          email: '',
          settings: {},
          shortcuts: [],
        },
      },
    };
  }

  /** The identity behind a guest access token, while its link is still valid. */
  async identityFor(subject: string, companyId: number): Promise<RequestIdentity | null> {
    const tokenId = Number(SHARE_SUBJECT.exec(subject)?.[1]);
    if (!tokenId) return null;
    const share = await this.tenantDb.transaction(
      (scope) =>
        scope.manager.findOne(ShareTokenEntity, { where: { id: tokenId, company_id: companyId, revoked_at: IsNull(), expires_at: MoreThan(new Date()) } }),
      companyId,
    );
    if (!share) return null;
    return {
      userId: 0,
      uuid: `share-${share.id}`,
      email: '',
      roles: ['guest'],
      companyId,
      share: { tokenId: share.id, type: share.resource_type, id: share.resource_id },
    };
  }
}
