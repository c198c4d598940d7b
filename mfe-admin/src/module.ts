import { authRoles, type PageAlias } from '@planta/contracts';
import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { ADMIN_NAVIGATION } from './navigation';

const landing = (alias: PageAlias) => () => import('./pages/landing.page').then((page) => ({ default: page.landingFor(alias) }));

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list.
 */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/apps/company', auth: authRoles.admin, redirectTo: '/apps/company/all' },
  { path: '/apps/company/:id', auth: authRoles.admin, load: landing('companies') },
  { path: '/apps/role', auth: authRoles.admin, redirectTo: '/apps/role/all' },
  { path: '/apps/role/:id', auth: authRoles.admin, load: landing('roles') },
  { path: '/apps/page', auth: authRoles.admin, redirectTo: '/apps/page/all' },
  { path: '/apps/page/:id', auth: authRoles.admin, load: landing('pages') },
  { path: '/apps/page-role', auth: authRoles.admin, redirectTo: '/apps/page-role/all' },
  { path: '/apps/page-role/:id', auth: authRoles.admin, load: landing('page-roles') },
  { path: '/apps/users', auth: authRoles.admin, redirectTo: '/apps/users/all' },
  { path: '/apps/users/:id', auth: authRoles.admin, load: landing('users') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_admin', routes: ROUTES, navigation: ADMIN_NAVIGATION };
export default remoteModule;
