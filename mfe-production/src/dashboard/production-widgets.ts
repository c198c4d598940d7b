import { extrusionEndpoints, PRODUCTION_INDICATORS_PAGE } from '@planta/contracts';
import { titlesOf, type DashboardWidget } from '@planta/shell-contract';
import { widgetTitles } from '../i18n/widget-titles';

const titled = (key: keyof typeof widgetTitles.es) => titlesOf(widgetTitles, key);

/**
 * The production area's dashboard widgets (issue 16), each loaded only when a dashboard shows it.
 * The indicators' widgets are for the readers of the lines' figures (the page the indicators
 * endpoint checks); 'Mi extrusión' is for whoever runs extrusions. Each title is given in
 * every language of the portal.
 */
export const PRODUCTION_WIDGETS: readonly DashboardWidget[] = [
  { id: 'production-oee', ...titled('oee'), dashboard: 'indicators', page: PRODUCTION_INDICATORS_PAGE, display: true, load: () => import('./oee.widget') },
  { id: 'production-output', ...titled('output'), dashboard: 'indicators', page: PRODUCTION_INDICATORS_PAGE, load: () => import('./output.widget') },
  { id: 'production-checks', ...titled('checks'), dashboard: 'indicators', page: PRODUCTION_INDICATORS_PAGE, load: () => import('./checks.widget') },
  { id: 'production-trend', ...titled('trend'), dashboard: 'indicators', page: PRODUCTION_INDICATORS_PAGE, wide: true, load: () => import('./trend.widget') },
  {
    id: 'production-pareto',
    ...titled('pareto'),
    dashboard: 'indicators',
    page: PRODUCTION_INDICATORS_PAGE,
    wide: true,
    load: () => import('./pareto.widget'),
  },
  // Runs are started from the extrusion page, and the caller's runs are the ones they started: for those who may start one.
  {
    id: 'production-my-extrusion',
    ...titled('myExtrusion'),
    dashboard: 'welcome',
    page: 'extrusion',
    needs: [extrusionEndpoints.start, extrusionEndpoints.mine],
    load: () => import('./my-extrusion.widget'),
  },
];
