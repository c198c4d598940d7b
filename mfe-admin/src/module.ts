import type { PageAlias } from '@planta/contracts';
import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { ADMIN_NAVIGATION } from './navigation';

const landing = (alias: PageAlias) => () => import('./pages/landing.page').then((page) => ({ default: page.landingFor(alias) }));

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list.
 */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/apps/company', page: 'companies', redirectTo: '/apps/company/all' },
  { path: '/apps/company/:id', page: 'companies', load: landing('companies') },
  { path: '/apps/role', page: 'roles', redirectTo: '/apps/role/all' },
  { path: '/apps/role/:id', page: 'roles', load: landing('roles') },
  { path: '/apps/page', page: 'pages', redirectTo: '/apps/page/all' },
  { path: '/apps/page/:id', page: 'pages', load: landing('pages') },
  { path: '/apps/page-role', page: 'page-roles', redirectTo: '/apps/page-role/all' },
  { path: '/apps/page-role/:id', page: 'page-roles', load: landing('page-roles') },
  { path: '/apps/users', page: 'users', redirectTo: '/apps/users/all' },
  { path: '/apps/users/:id', page: 'users', load: landing('users') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_admin', routes: ROUTES, navigation: ADMIN_NAVIGATION };
export default remoteModule;
