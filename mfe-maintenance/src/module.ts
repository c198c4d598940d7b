import { screenRoutes, type RemoteModule, type RemoteRoute } from '@planta/shell-contract';
import { MAINTENANCE_WIDGETS } from './dashboard/maintenance-widgets';
import { MAINTENANCE_NAVIGATION } from './navigation';

/**
 * The routes of spec 2.2 this area owns (base paths redirect to their list), each for whoever
 * may read its page.
 */
export const ROUTES: readonly RemoteRoute[] = [
  ...screenRoutes({ route: '/apps/maintenance-dashboard', page: 'maintenance-dashboard' }, () => import('./pages/maintenance-dashboard.page')),
  { path: '/apps/maintenance-dashboard/machineResume/:machineId', page: 'maintenance-dashboard', load: () => import('./pages/machine-summary.page') },
  { path: '/apps/maintenance-kanban-board', page: 'maintenance-board', load: () => import('./pages/maintenance-board.page') },
  ...screenRoutes({ route: '/apps/failure-damage-report', page: 'failure-damage-report' }, () => import('./pages/failure-report.page')),
  ...screenRoutes({ route: '/apps/corrective-maintenance', page: 'corrective-maintenance' }, () => import('./pages/corrective-maintenance.page')),
  ...screenRoutes({ route: '/apps/preventiveMaintenance', page: 'preventive-maintenance' }, () => import('./pages/preventive-maintenance.page')),
];

/** What this remote hands the shell (exposed as `./module`). */
const remoteModule: RemoteModule = { name: 'mfe_maintenance', routes: ROUTES, navigation: MAINTENANCE_NAVIGATION, widgets: MAINTENANCE_WIDGETS };
export default remoteModule;
