import { screenRoutes, type RemoteModule, type RemoteRoute } from '@planta/shell-contract';
import { ADMIN_NAVIGATION } from './navigation';

/**
 * The routes of spec 2.2 this area owns (base paths redirect to their list; `:id` opens a
 * record, `new` a new one), each for whoever may read its page, the audit trail and the share links.
 */
export const ROUTES: readonly RemoteRoute[] = [
  ...screenRoutes({ route: '/apps/company', page: 'companies' }, () => import('./pages/company.page')),
  ...screenRoutes({ route: '/apps/role', page: 'roles' }, () => import('./pages/role.page')),
  ...screenRoutes({ route: '/apps/page', page: 'pages' }, () => import('./pages/page.page')),
  ...screenRoutes({ route: '/apps/page-role', page: 'page-roles' }, () => import('./pages/page-role.page')),
  ...screenRoutes({ route: '/apps/users', page: 'users' }, () => import('./pages/user.page')),
  ...screenRoutes({ route: '/apps/audit', page: 'audit' }, () => import('./pages/audit.page')),
  ...screenRoutes({ route: '/apps/share-links', page: 'share-links' }, () => import('./pages/share-link.page')),
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_admin', routes: ROUTES, navigation: ADMIN_NAVIGATION };
export default remoteModule;
