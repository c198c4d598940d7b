import { z } from 'zod';
import { endpoint, idParams } from '../endpoint';
import {
  dashboardQuerySchema,
  machineSummarySchema,
  maintenanceDashboardSchema,
  meterAllQuerySchema,
  meterCreateSchema,
  meterPatchSchema,
  meterReadingCreateSchema,
  meterReadingSchema,
  meterReadingsQuerySchema,
  meterSchema,
  meterSeriesSchema,
  periodQuerySchema,
} from '../maintenance/summary.schema';

/**
 * Meters (contadores), the machine summary (ficha de máquina) and the maintenance dashboard. Meters
 * drive counter plans, so they belong to the preventive maintenance page: reading them takes its
 * read grant, registering a meter or a manual reading its insert grant, changing one its update.
 */
export const meterEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'meter/all',
    access: { page: 'preventive-maintenance' },
    tag: 'maintenance',
    summary: "The company's meters (of one machine) with their current value and last reading",
    query: meterAllQuerySchema,
    response: z.array(meterSchema),
  }),
  readings: endpoint({
    method: 'GET',
    path: 'meter/:id/readings',
    access: { page: 'preventive-maintenance' },
    tag: 'maintenance',
    summary: "A meter's readings in a period, at most 500 points (downsampled)",
    params: idParams,
    query: meterReadingsQuerySchema,
    response: meterSeriesSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'meter',
    access: { page: 'preventive-maintenance' },
    tag: 'maintenance',
    summary: 'A manual meter of a machine',
    body: meterCreateSchema,
    response: meterSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'meter/:id',
    access: { page: 'preventive-maintenance' },
    tag: 'maintenance',
    summary: "Changes a meter's name, unit or reset after maintenance",
    params: idParams,
    body: meterPatchSchema,
    response: meterSchema,
  }),
  addReading: endpoint({
    method: 'POST',
    path: 'meter/:id/readings',
    access: { page: 'preventive-maintenance' },
    tag: 'maintenance',
    summary: 'A manual reading of a manual meter (production meters are fed by the runs)',
    params: idParams,
    body: meterReadingCreateSchema,
    response: meterReadingSchema,
  }),
} as const;

export const maintenanceSummaryEndpoints = {
  machineSummary: endpoint({
    method: 'GET',
    path: 'machine/:id/summary',
    access: { page: 'maintenance-dashboard' },
    tag: 'maintenance',
    summary: 'The machine summary: status, current stop, MTBF/MTTR/availability, failures, orders, plans, meters, history',
    params: idParams,
    query: periodQuerySchema,
    response: machineSummarySchema,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: 'maintenance-dashboard',
    access: { page: 'maintenance-dashboard' },
    tag: 'maintenance',
    summary: 'The maintenance dashboard of a period (and line)',
    query: dashboardQuerySchema,
    response: maintenanceDashboardSchema,
  }),
} as const;
