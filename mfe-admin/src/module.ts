import type { PageAlias } from '@planta/contracts';
import { screenRoutes, type RemoteModule, type RemoteRoute } from '@planta/shell-contract';
import { ADMIN_NAVIGATION } from './navigation';

const landing = (alias: PageAlias) => () => import('./pages/landing.page').then((page) => ({ default: page.landingFor(alias) }));

/**
 * The routes of spec 2.2 this area owns (base paths redirect to their list), each for whoever
 * may read its page.
 */
export const ROUTES: readonly RemoteRoute[] = [
  ...screenRoutes({ route: '/apps/company', page: 'companies' }, landing('companies')),
  ...screenRoutes({ route: '/apps/role', page: 'roles' }, landing('roles')),
  ...screenRoutes({ route: '/apps/page', page: 'pages' }, landing('pages')),
  ...screenRoutes({ route: '/apps/page-role', page: 'page-roles' }, landing('page-roles')),
  ...screenRoutes({ route: '/apps/users', page: 'users' }, landing('users')),
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_admin', routes: ROUTES, navigation: ADMIN_NAVIGATION };
export default remoteModule;
