import { resourcesOf, type Area } from '@planta/contracts';

/**
 * Which remote owns which addresses (architecture.md "Layout"). The shell knows this without
 * loading the remote, so that when a remote cannot be loaded its own addresses show an error
 * card with a retry instead of a 404, while every other area keeps working.
 */
const routesOf = (area: Area) => resourcesOf(area).map((resource) => resource.route);

export const REMOTE_AREAS = {
  mfe_auth: { title: 'Acceso', prefixes: ['/login', '/register', '/logout', '/callback'] },
  mfe_production: {
    title: 'Producción ágil',
    // The declared resources' routes, and the screens of the area that are not resources.
    prefixes: [...routesOf('production'), '/apps/extrusion', '/apps/planning-kanban-board', '/apps/orders'],
  },
  mfe_maintenance: {
    title: 'Mantenimiento inteligente',
    prefixes: [
      '/apps/maintenance-dashboard',
      '/apps/maintenance-kanban-board',
      '/apps/failure-damage-report',
      '/apps/corrective-maintenance',
      '/apps/preventiveMaintenance',
    ],
  },
  mfe_dieshop: {
    title: 'Matricería ágil',
    prefixes: [
      ...routesOf('dieshop'),
      '/apps/dieshop-settings',
      '/apps/dies',
      '/apps/die',
      '/apps/die_enlistment',
      '/apps/die-confirm-production',
      '/apps/die-nitruring-confirm',
      '/apps/die-cleaning',
      '/apps/herramental',
      '/apps/corrector-kanban-board',
      '/apps/correction-kanban-board',
      '/apps/correction-record',
      '/apps/correction-report',
      '/apps/testCanvas',
      '/apps/ia-agent',
    ],
  },
  mfe_admin: { title: 'Administración', prefixes: ['/apps/company', '/apps/role', '/apps/page', '/apps/page-role', '/apps/users', '/apps/audit'] },
} as const satisfies Record<string, { title: string; prefixes: readonly string[] }>;

export type RemoteName = keyof typeof REMOTE_AREAS;
export const REMOTE_NAMES = Object.keys(REMOTE_AREAS) as RemoteName[];

/** The remote whose addresses include `pathname`, if any (whole path segments only). */
export function remoteForPath(pathname: string): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => REMOTE_AREAS[name].prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)));
}
