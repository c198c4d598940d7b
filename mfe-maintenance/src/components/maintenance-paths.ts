/** The maintenance dashboard and a machine's summary (spec 2.2), linked from the pages and the dashboard widgets. */
export const DASHBOARD_PATH = '/apps/maintenance-dashboard/all';
export const summaryPath = (machineId: number) => `/apps/maintenance-dashboard/machineResume/${machineId}`;
