import type { PageAlias } from '../pages';

// zod-free: the shell contract (on the sign-in page) names the remotes' widget pages with these;
// the indicators' schemas stay in indicators.schema.ts.

/** The production page whose figures the production indicators show (the lines' figures). */
export const PRODUCTION_INDICATORS_PAGE: PageAlias = 'extrusion-line';
export const MAINTENANCE_INDICATORS_PAGE: PageAlias = 'maintenance-dashboard';
export const DIESHOP_INDICATORS_PAGE: PageAlias = 'dies';
export const CORRECTION_INDICATORS_PAGE: PageAlias = 'correction-records';
