import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { isColleague, messages } from '@planta/contracts';
import { unavailableBeforeWork } from '../common/db-errors';
import type { RequestIdentity } from '../tenancy/request-context';
import { ACCESS_KEY, CHOOSES_COMPANY_KEY, PAGE_KEY, SHAREABLE_KEY, type RouteAccess, type ShareableRoute } from './route-access.decorators';
import { actionFor, PermissionsService } from './permissions.service';

const COMPANY_KEYS = ['company_id', 'companyId'];

/** A `company_id`/`companyId` in the query or body that is not the token's company. */
function foreignCompany(request: FastifyRequest, companyId: number): boolean {
  const sources = [request.query, request.body].filter(
    (source): source is Record<string, unknown> => !!source && typeof source === 'object' && !Array.isArray(source),
  );
  return sources.some((source) =>
    COMPANY_KEYS.some((key) => {
      const value = source[key];
      return value !== undefined && value !== null && value !== '' && String(value) !== String(companyId);
    }),
  );
}

/**
 * After authentication: the company of a request is the token's; share-token guests reach only
 * their one resource, read only; a colleague route needs a role other than guest; everything else
 * needs the route's page permission for the verb (GET read, POST insert, PUT/PATCH update, DELETE delete).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<RouteAccess>(ACCESS_KEY, targets);
    if (access === 'public') return true;

    const request = context.switchToHttp().getRequest<FastifyRequest & { user: RequestIdentity }>();
    const identity = request.user;
    const choosesCompany = this.reflector.get<boolean | undefined>(CHOOSES_COMPANY_KEY, context.getHandler());
    if (!choosesCompany && foreignCompany(request, identity.companyId)) throw new ForbiddenException(messages.companyMismatch);

    if (identity.share) {
      const shareable = this.reflector.get<ShareableRoute | undefined>(SHAREABLE_KEY, context.getHandler());
      const allowed =
        shareable &&
        request.method === 'GET' &&
        shareable.type === identity.share.type &&
        String((request.params as Record<string, string>)[shareable.param]) === String(identity.share.id);
      if (!allowed) throw new ForbiddenException(messages.forbidden);
      return true;
    }
    if (access === 'signed-in') return true;
    // A guest account is no colleague: no chat, presence or share links (issue 36).
    if (access === 'colleague') {
      if (!isColleague(identity.roles)) throw new ForbiddenException(messages.forbidden);
      return true;
    }

    const page = this.reflector.getAllAndOverride<string | undefined>(PAGE_KEY, targets);
    const action = actionFor(request.method);
    if (!page || !action || !(await this.permissions.can(identity, page, action).catch((error: unknown) => Promise.reject(unavailableBeforeWork(error)))))
      throw new ForbiddenException(messages.forbidden);
    return true;
  }
}
