import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan } from 'typeorm';
import {
  mayRevokeShareLink,
  messages,
  type AuthResponse,
  type CreateShareTokenRequest,
  type PageAlias,
  type ShareLinkRow,
  type ShareLinkListQuery,
  type ShareResourceType,
  type ShareTokenResponse,
} from '@planta/contracts';
import { containsFoldedSql } from '../common/text-search';
import { sortColumn } from '../common/sort-column';
import { CorrectionRecordEntity } from '../dieshop/correction-record.entity';
import { CorrectionReportEntity } from '../dieshop/correction-report.entity';
import { DieEntity } from '../dieshop/die.entity';
import { PermissionsService } from '../permissions/permissions.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf } from '../tenancy/tenant-db.service';
import { AccessTokenService } from './access-token.service';
import { ShareTokenEntity } from './share-token.entity';

/** What each shareable resource is stored as and which page grants sharing it. */
const SHAREABLE = {
  'die-summary': { entity: DieEntity, page: 'dies' },
  'correction-record': { entity: CorrectionRecordEntity, page: 'correction-records' },
  'correction-report': { entity: CorrectionReportEntity, page: 'correction-reports' },
} as const satisfies Record<ShareResourceType, { entity: unknown; page: PageAlias }>;

/** The page whose grants administer every link of the company: read lists them all, delete revokes any (issue 36). */
const SHARE_LINKS_PAGE = 'share-links' satisfies PageAlias;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const SHARE_SUBJECT = /^share:(\d+)$/;

/** The links still valid, with what each opens ('EN-1042-1', a correction's number and attempt) and who made it. */
const LINKS = `
  select * from (
    select s.id, s.resource_type, s.resource_id,
           case when s.resource_type = 'die-summary' then (select d.die_reference || '-' || d.copy_number from die d where d.id = s.resource_id)
                when s.resource_type = 'correction-record' then (select c.number from correction_record c where c.id = s.resource_id)
                else (select c.number from correction_report r join correction_record c on c.id = r.correction_record_id where r.id = s.resource_id)
           end as resource_label,
           case when s.resource_type = 'correction-report' then (select r.attempt_no from correction_report r where r.id = s.resource_id) end as attempt_no,
           s.created_by, coalesce(u.display_name, '') as created_by_name, s.created_at, s.expires_at, s.include_discussion, s.include_names
      from share_token s left join app_user u on u.id = s.created_by
     where s.company_id = $1 and s.revoked_at is null and s.expires_at > now()
  ) link`;
const LINK_SORTS: Record<string, string> = {
  resource_label: 'lower(resource_label)',
  created_by_name: 'lower(created_by_name)',
  created_at: 'created_at',
  expires_at: 'expires_at',
};

type LinkRow = Omit<ShareLinkRow, 'created_at' | 'expires_at'> & { created_at: Date; expires_at: Date };
const toLink = (row: LinkRow): ShareLinkRow => ({ ...row, created_at: row.created_at.toISOString(), expires_at: row.expires_at.toISOString() });

/**
 * Read-only links to one die summary, correction record or correction report (issue 2), shown as
 * their creator chose (issue 36: without discussion or names unless included, share-projection.ts).
 * A link is ended by its creator or by whoever administers the company's links.
 */
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
    return this.tenantDb.transaction(async (scope) => {
      await scope.repository(shareable.entity).findOne(request.resource_id);
      const created = await scope.repository(ShareTokenEntity).create({
        token_hash: hashOf(token),
        resource_type: request.resource_type,
        resource_id: request.resource_id,
        created_by: identity.userId,
        expires_at: expiresAt,
        include_discussion: request.include_discussion,
        include_names: request.include_names,
      });
      const [row] = await scope.manager.query(`${LINKS} where id = $2`, [scope.companyId, created.id]);
      return { ...toLink(row), token };
    });
  }

  /** The links the caller may see: their own, or every one of the company for a reader of 'share-links'. */
  async list(identity: RequestIdentity, query: ShareLinkListQuery): Promise<PageOf<ShareLinkRow>> {
    const everyone = await this.permissions.can(identity, SHARE_LINKS_PAGE, 'read');
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['true'];
      if (!everyone) where.push(`created_by = ${bind(identity.userId)}`);
      if (query.resource_type) where.push(`resource_type = ${bind(query.resource_type)}`);
      if (query.resource_id) where.push(`resource_id = ${bind(query.resource_id)}`);
      if (query.search) where.push(containsFoldedSql(["coalesce(resource_label, '')", 'created_by_name'], bind(query.search)));
      const column = sortColumn(LINK_SORTS, query.sort, null);
      const order = column ? `${column} ${query.direction === 'desc' ? 'desc' : 'asc'}, id desc` : 'created_at desc, id desc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from (${LINKS}) counted where ${where.join(' and ')}`, params);
      const rows: LinkRow[] = await scope.manager.query(
        `${LINKS} where ${where.join(' and ')} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items: rows.map(toLink), total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** Ends one of the company's links before it expires: its creator, or whoever holds the delete grant of 'share-links'. */
  async revoke(identity: RequestIdentity, id: number): Promise<void> {
    const tokens = this.tenantDb.repository(ShareTokenEntity);
    const share = await tokens.findOne(id);
    const administersShareLinks = await this.permissions.can(identity, SHARE_LINKS_PAGE, 'delete');
    if (identity.share || !mayRevokeShareLink(share, { userId: identity.userId, administersShareLinks })) throw new ForbiddenException(messages.forbidden);
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
      share: {
        tokenId: share.id,
        type: share.resource_type,
        id: share.resource_id,
        includeDiscussion: share.include_discussion,
        includeNames: share.include_names,
      },
    };
  }
}
