import { pageItem, type NavigationItem } from '@planta/shell-contract';

/**
 * Administration screens (spec 2.2). Spec 2.3 leaves them out of the Applications group, so
 * they come as a group of their own, which the shell places after Applications; it is shown to
 * whoever may read its pages (by default the admin role).
 */
export const ADMIN_NAVIGATION: readonly NavigationItem[] = [
  {
    id: 'administration',
    type: 'group',
    title: 'Administración',
    children: [
      pageItem('companies', '/apps/company/all', { icon: 'BuildingRegular' }),
      pageItem('roles', '/apps/role/all', { icon: 'PersonKeyRegular' }),
      pageItem('pages', '/apps/page/all', { icon: 'DocumentRegular' }),
      pageItem('page-roles', '/apps/page-role/all', { icon: 'ShieldKeyholeRegular' }),
      pageItem('users', '/apps/users/all', { icon: 'PeopleRegular' }),
      pageItem('audit', '/apps/audit/all', { icon: 'HistoryRegular' }),
      pageItem('share-links', '/apps/share-links/all', { icon: 'LinkRegular' }),
    ],
  },
];
