import { authRoles } from '@planta/contracts';
import type { RouteDefinition } from '@planta/shell-contract';

/** Routes the shell itself owns (spec 2.2): the dashboards and the error pages. */
export const SHELL_ROUTES = {
  /** Where everybody signed in lands (spec 2.2), whatever their grants. */
  welcome: { path: '/apps/dashboards/welcome', auth: authRoles.guest },
  analytics: { path: '/apps/dashboards/analytics', page: 'dashboards-analytics' },
  indicators: { path: '/apps/dashboards/indicators', page: 'dashboards-indicators' },
  notFound: { path: '/pages/errors/error-404', auth: null },
  serverError: { path: '/pages/errors/error-500', auth: null },
} as const satisfies Record<string, RouteDefinition>;

export const HOME = SHELL_ROUTES.welcome.path;
export const NOT_FOUND = SHELL_ROUTES.notFound.path;
