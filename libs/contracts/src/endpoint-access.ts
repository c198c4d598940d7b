import type { EndpointDefinition, HttpMethod } from './endpoint';
import type { CrudAction, PageAlias } from './pages';

// zod-free: the session library's grants (on the sign-in page) ask these of an endpoint; the
// endpoint definitions and their schemas stay in endpoint.ts and endpoints/.

const ACTION_BY_METHOD: Record<HttpMethod, CrudAction> = { GET: 'read', POST: 'insert', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/** The grant a page endpoint needs: GET read, POST insert, PUT/PATCH update, DELETE delete. */
export const actionOf = (method: string): CrudAction | undefined =>
  ACTION_BY_METHOD[method.toUpperCase() as HttpMethod] ?? (method.toUpperCase() === 'HEAD' ? 'read' : undefined);

/** The page whose grants an endpoint needs, if it is a page endpoint. */
export const pageOf = (definition: Pick<EndpointDefinition, 'access'>): PageAlias | undefined =>
  typeof definition.access === 'object' ? definition.access.page : undefined;
