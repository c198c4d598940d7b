import { authRoles, type PageAlias } from '@planta/contracts';
import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { MAINTENANCE_NAVIGATION } from './navigation';

const landing = (alias: PageAlias) => () => import('./pages/landing.page').then((page) => ({ default: page.landingFor(alias) }));

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list.
 */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/apps/maintenance-dashboard', auth: authRoles.user, redirectTo: '/apps/maintenance-dashboard/all' },
  { path: '/apps/maintenance-dashboard/:id', auth: authRoles.user, load: landing('maintenance-dashboard') },
  { path: '/apps/maintenance-dashboard/machineResume/:machineId', auth: authRoles.user, load: landing('maintenance-dashboard') },
  { path: '/apps/maintenance-kanban-board', auth: authRoles.user, load: landing('maintenance-board') },
  { path: '/apps/failure-damage-report', auth: authRoles.user, redirectTo: '/apps/failure-damage-report/all' },
  { path: '/apps/failure-damage-report/:id', auth: authRoles.user, load: landing('failure-damage-report') },
  { path: '/apps/corrective-maintenance', auth: authRoles.user, redirectTo: '/apps/corrective-maintenance/all' },
  { path: '/apps/corrective-maintenance/:id', auth: authRoles.user, load: landing('corrective-maintenance') },
  { path: '/apps/preventiveMaintenance', auth: authRoles.user, redirectTo: '/apps/preventiveMaintenance/all' },
  { path: '/apps/preventiveMaintenance/:id', auth: authRoles.user, load: landing('preventive-maintenance') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_maintenance', routes: ROUTES, navigation: MAINTENANCE_NAVIGATION };
export default remoteModule;
