import { DIESHOP_INDICATORS_PAGE, MAINTENANCE_INDICATORS_PAGE, PRODUCTION_INDICATORS_PAGE, resourceRoutesOf, type PageAlias } from '@planta/contracts';

/**
 * Which remote owns which addresses (architecture.md "Layout"). The shell knows this without
 * loading the remote, so that when a remote cannot be loaded its own addresses show an error
 * card with a retry instead of a 404, while every other area keeps working. Likewise the
 * dashboards show an error card in place of the widgets of a remote that offers them
 * (`widgetsPage`: whose readers would see them) when it cannot be loaded.
 */
export const REMOTE_AREAS = {
  mfe_auth: { title: 'Acceso', prefixes: ['/login', '/register', '/logout', '/callback', '/change-password', '/invitation', '/reset-password'] },
  mfe_production: {
    title: 'Producción ágil',
    widgetsPage: PRODUCTION_INDICATORS_PAGE,
    // The declared resources' routes, and the screens of the area that are not resources.
    prefixes: [...resourceRoutesOf('production'), '/apps/extrusion', '/apps/planning-kanban-board', '/apps/orders'],
  },
  mfe_maintenance: {
    title: 'Mantenimiento inteligente',
    widgetsPage: MAINTENANCE_INDICATORS_PAGE,
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
    widgetsPage: DIESHOP_INDICATORS_PAGE,
    prefixes: [
      ...resourceRoutesOf('dieshop'),
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
  mfe_admin: {
    title: 'Administración',
    prefixes: ['/apps/company', '/apps/role', '/apps/page', '/apps/page-role', '/apps/users', '/apps/audit', '/apps/share-links'],
  },
} as const satisfies Record<string, { title: string; prefixes: readonly string[]; widgetsPage?: PageAlias }>;

export type RemoteName = keyof typeof REMOTE_AREAS;
export const REMOTE_NAMES = Object.keys(REMOTE_AREAS) as RemoteName[];

/** The remote whose addresses include `pathname`, if any (whole path segments only). */
export function remoteForPath(pathname: string): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => REMOTE_AREAS[name].prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)));
}

/** The page whose readers see the remote's dashboard widgets, if it offers any. */
export const widgetsPageOf = (name: RemoteName): PageAlias | undefined => (REMOTE_AREAS[name] as { widgetsPage?: PageAlias }).widgetsPage;
