import { MAINTENANCE_INDICATORS_PAGE, workOrderEndpoints } from '@planta/contracts';
import { titlesOf, type DashboardWidget } from '@planta/shell-contract';
import { widgetTitles } from '../i18n/widget-titles';

const titled = (key: keyof typeof widgetTitles.es) => titlesOf(widgetTitles, key);

/**
 * The maintenance widgets of the shell's dashboards (issue 16), each loaded only when shown: the
 * presses' reliability and the maintenance work on 'Indicadores clave' (for the readers of the
 * maintenance dashboard), and the user's own open work orders on the welcome page (for those who
 * may read the work-order list).
 */
export const MAINTENANCE_WIDGETS: readonly DashboardWidget[] = [
  {
    id: 'maintenance-reliability',
    ...titled('reliability'),
    dashboard: 'indicators',
    page: MAINTENANCE_INDICATORS_PAGE,
    display: true,
    load: () => import('./reliability.widget'),
  },
  {
    id: 'maintenance-work',
    ...titled('work'),
    dashboard: 'indicators',
    page: MAINTENANCE_INDICATORS_PAGE,
    load: () => import('./work.widget'),
  },
  {
    id: 'maintenance-my-work-orders',
    ...titled('myOrders'),
    dashboard: 'welcome',
    page: workOrderEndpoints.all.access.page,
    load: () => import('./my-work-orders.widget'),
  },
];
