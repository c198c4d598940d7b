import { authRoles } from '@planta/contracts';
import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { PRODUCTION_NAVIGATION } from './navigation';

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list.
 */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/apps/extrusion-line', auth: authRoles.user, redirectTo: '/apps/extrusion-line/all' },
  { path: '/apps/extrusion-line/:id', auth: authRoles.user, load: () => import('./pages/extrusion-line.page') },
  { path: '/apps/extrusion/new', auth: authRoles.user, load: () => import('./pages/extrusion-start.page') },
  { path: '/apps/extrusion/new/:id', auth: authRoles.user, redirectTo: '/apps/extrusion-line/all' },
  { path: '/apps/planning-kanban-board', auth: authRoles.user, redirectTo: '/apps/planning-kanban-board/board' },
  { path: '/apps/planning-kanban-board/board', auth: authRoles.user, load: () => import('./pages/planning-board.page') },
  { path: '/apps/shifts', auth: authRoles.user, redirectTo: '/apps/shifts/all' },
  { path: '/apps/shifts/:id', auth: authRoles.user, load: () => import('./pages/shifts.page') },
  { path: '/apps/finish', auth: authRoles.user, redirectTo: '/apps/finish/all' },
  { path: '/apps/finish/:id', auth: authRoles.user, load: () => import('./pages/finish.page') },
  { path: '/apps/aluminum-alloy', auth: authRoles.user, redirectTo: '/apps/aluminum-alloy/all' },
  { path: '/apps/aluminum-alloy/:id', auth: authRoles.user, load: () => import('./pages/aluminum-alloy.page') },
  { path: '/apps/machine', auth: authRoles.user, redirectTo: '/apps/machine/all' },
  { path: '/apps/machine/:id', auth: authRoles.user, load: () => import('./pages/machine.page') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_production', routes: ROUTES, navigation: PRODUCTION_NAVIGATION };
export default remoteModule;
