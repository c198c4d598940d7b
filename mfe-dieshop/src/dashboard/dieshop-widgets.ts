import { CORRECTION_INDICATORS_PAGE, correctionEndpoints, dieEnlistmentEndpoints, DIESHOP_INDICATORS_PAGE } from '@planta/contracts';
import { titlesOf, type DashboardWidget } from '@planta/shell-contract';
import { widgetTitles } from '../i18n/widget-titles';

const titled = (key: keyof typeof widgetTitles.es) => titlesOf(widgetTitles, key);

/**
 * The die shop's widgets of the shell's dashboards (issue 16), each loaded only when shown: the
 * dies and the corrections on 'Indicadores clave', and on the welcome page the user's own open
 * corrections and the dies tomorrow's orders need that are not ready yet. Each is for the readers
 * of the page whose figures it shows.
 */
export const DIESHOP_WIDGETS: readonly DashboardWidget[] = [
  {
    id: 'dieshop-dies',
    ...titled('dies'),
    dashboard: 'indicators',
    page: DIESHOP_INDICATORS_PAGE,
    load: () => import('./dies.widget'),
  },
  {
    id: 'dieshop-corrections',
    ...titled('corrections'),
    dashboard: 'indicators',
    page: CORRECTION_INDICATORS_PAGE,
    load: () => import('./corrections.widget'),
  },
  {
    id: 'dieshop-my-corrections',
    ...titled('myCorrections'),
    dashboard: 'welcome',
    page: correctionEndpoints.list.access.page,
    load: () => import('./my-corrections.widget'),
  },
  {
    id: 'dieshop-tomorrow',
    ...titled('tomorrow'),
    dashboard: 'welcome',
    page: dieEnlistmentEndpoints.all.access.page,
    load: () => import('./tomorrow.widget'),
  },
];
