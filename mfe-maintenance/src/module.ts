import type { PageAlias } from '@planta/contracts';
import type { RemoteModule, RemoteRoute } from '@planta/shell-contract';
import { MAINTENANCE_NAVIGATION } from './navigation';

const landing = (alias: PageAlias) => () => import('./pages/landing.page').then((page) => ({ default: page.landingFor(alias) }));

/**
 * The routes of spec 2.2 this area owns; base paths redirect to their list.
 */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/apps/maintenance-dashboard', page: 'maintenance-dashboard', redirectTo: '/apps/maintenance-dashboard/all' },
  { path: '/apps/maintenance-dashboard/:id', page: 'maintenance-dashboard', load: landing('maintenance-dashboard') },
  { path: '/apps/maintenance-dashboard/machineResume/:machineId', page: 'maintenance-dashboard', load: landing('maintenance-dashboard') },
  { path: '/apps/maintenance-kanban-board', page: 'maintenance-board', load: landing('maintenance-board') },
  { path: '/apps/failure-damage-report', page: 'failure-damage-report', redirectTo: '/apps/failure-damage-report/all' },
  { path: '/apps/failure-damage-report/:id', page: 'failure-damage-report', load: landing('failure-damage-report') },
  { path: '/apps/corrective-maintenance', page: 'corrective-maintenance', redirectTo: '/apps/corrective-maintenance/all' },
  { path: '/apps/corrective-maintenance/:id', page: 'corrective-maintenance', load: landing('corrective-maintenance') },
  { path: '/apps/preventiveMaintenance', page: 'preventive-maintenance', redirectTo: '/apps/preventiveMaintenance/all' },
  { path: '/apps/preventiveMaintenance/:id', page: 'preventive-maintenance', load: landing('preventive-maintenance') },
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_maintenance', routes: ROUTES, navigation: MAINTENANCE_NAVIGATION };
export default remoteModule;
