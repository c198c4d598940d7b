import { authRoles } from '@planta/contracts';
import { pageItem, type NavigationItem } from '@planta/shell-contract';

/**
 * Administration screens (spec 2.2). Spec 2.3 leaves them out of the Applications group, so
 * they come as a group of their own, which the shell places after Applications; only admins
 * see it (spec 6: administration is admin-only).
 */
export const ADMIN_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'administration',
    type: 'group',
    title: 'Administración',
    children: [
      pageItem('companies', '/apps/company/all', { auth: authRoles.admin, icon: 'BuildingRegular' }),
      pageItem('roles', '/apps/role/all', { auth: authRoles.admin, icon: 'PersonKeyRegular' }),
      pageItem('pages', '/apps/page/all', { auth: authRoles.admin, icon: 'DocumentRegular' }),
      pageItem('page-roles', '/apps/page-role/all', { auth: authRoles.admin, icon: 'ShieldKeyholeRegular' }),
      pageItem('users', '/apps/users/all', { auth: authRoles.admin, icon: 'PeopleRegular' }),
    ],
  },
];
