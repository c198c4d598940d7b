import { endpoint } from '../endpoint';
import {
  areaSummarySchema,
  dieshopIndicatorsQuerySchema,
  dieshopIndicatorsSchema,
  maintenanceIndicatorsQuerySchema,
  maintenanceIndicatorsSchema,
  productionIndicatorsQuerySchema,
  productionIndicatorsSchema,
  pressStatesSchema,
} from '../dashboards/indicators.schema';

/**
 * The dashboards' indicators (issue 16), one endpoint per area so that each remote's widgets call
 * what it owns. Each takes the read grant of 'Indicadores clave' here and, checked by the API, the
 * read grant of the area's page whose figures it shows; the area summary answers the cards of the
 * areas whose page the caller may read.
 */
export const indicatorEndpoints = {
  production: endpoint({
    method: 'GET',
    path: 'indicators/production',
    access: { page: 'dashboards-indicators' },
    tag: 'indicators',
    summary: 'OEE (availability × performance × quality), net kg/h, recovery, scrap, dimension checks, trend and loss Pareto per press and plant',
    query: productionIndicatorsQuerySchema,
    response: productionIndicatorsSchema,
  }),
  maintenance: endpoint({
    method: 'GET',
    path: 'indicators/maintenance',
    access: { page: 'dashboards-indicators' },
    tag: 'indicators',
    summary: 'MTBF, MTTR, availability, preventive compliance, open and overdue work orders, downtime by cause',
    query: maintenanceIndicatorsQuerySchema,
    response: maintenanceIndicatorsSchema,
  }),
  dieshop: endpoint({
    method: 'GET',
    path: 'indicators/dieshop',
    access: { page: 'dashboards-indicators' },
    tag: 'indicators',
    summary: 'Dies by state, nitriding due, corrections open and overdue, corrections per 10 t, first-trial approval, dies scrapped',
    query: dieshopIndicatorsQuerySchema,
    response: dieshopIndicatorsSchema,
  }),
  pressStates: endpoint({
    method: 'GET',
    path: 'indicators/press-states',
    access: { page: 'dashboards-indicators' },
    tag: 'indicators',
    summary: 'Every press and its open stop (machine, since when, cause, failure report), the stopped ones first: the shop-floor display',
    response: pressStatesSchema,
  }),
  areaSummary: endpoint({
    method: 'GET',
    path: 'area-summary',
    access: { page: 'dashboards-analytics' },
    tag: 'indicators',
    summary: 'One card per area the caller may read, with a traffic light and up to three things that need attention now',
    response: areaSummarySchema,
  }),
} as const;
