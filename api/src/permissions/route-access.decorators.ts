import { SetMetadata, applyDecorators } from '@nestjs/common';
import type { PageAlias, ShareResourceType } from '@planta/contracts';

export const PAGE_KEY = 'planta:page';
export const ACCESS_KEY = 'planta:access';
export const SHAREABLE_KEY = 'planta:shareable';
export const CHOOSES_COMPANY_KEY = 'planta:chooses-company';

export type RouteAccess = 'public' | 'signed-in' | 'colleague';

/** The page this controller or route belongs to: GET needs read, POST insert, PUT/PATCH update, DELETE delete. */
export const Page = (alias: PageAlias) => SetMetadata(PAGE_KEY, alias);

/** Open to anybody, without a token. */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies RouteAccess);

/** Open to any signed-in user of any role (not to share-token guests), with no page permission. */
export const SignedIn = () => SetMetadata(ACCESS_KEY, 'signed-in' satisfies RouteAccess);

/** Open to any signed-in user holding a role other than guest (`isColleague`), with no page permission. */
export const Colleague = () => SetMetadata(ACCESS_KEY, 'colleague' satisfies RouteAccess);

export interface ShareableRoute {
  type: ShareResourceType;
  /** The route parameter holding the resource id. */
  param: string;
}

/** A read route a share-token guest may call, for the one resource of its token. */
export const Shareable = (type: ShareResourceType, param = 'id') => applyDecorators(SetMetadata(SHAREABLE_KEY, { type, param } satisfies ShareableRoute));

/**
 * The route's `company_id` names a company to move to, not the one to act in: the access guard
 * does not refuse it for differing from the active company (the route checks membership itself).
 */
export const ChoosesCompany = () => SetMetadata(CHOOSES_COMPANY_KEY, true);
