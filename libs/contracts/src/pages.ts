/**
 * The catalogue of product screens. Each page's alias is the id of its navigation item, the
 * key of its page-role permissions and the page an API controller declares. Written once here.
 */
export const AREAS = ['dashboards', 'production', 'maintenance', 'dieshop', 'administration'] as const;
export type Area = (typeof AREAS)[number];

export interface PageDefinition {
  alias: string;
  name: string;
  description: string;
  area: Area;
}

// Generic in the alias so that PageAlias is the union of the literal aliases, not just string.
const page = <A extends string>(alias: A, area: Area, name: string, description: string) => ({ alias, area, name, description }) satisfies PageDefinition;

export const PAGES = [
  page('dashboards-welcome', 'dashboards', 'Bienvenida', 'Saludo y resumen de cada área al ingresar'),
  page('dashboards-indicators', 'dashboards', 'Indicadores clave', 'Indicadores de producción, mantenimiento y matricería'),
  page('dashboards-analytics', 'dashboards', 'Resumen de áreas', 'Resumen del estado de cada área de la planta'),
  page('extrusion-line', 'production', 'Líneas de extrusión', 'Prensas y líneas de extrusión con sus parámetros'),
  page('extrusion', 'production', 'Extrusión', 'Inicio y cierre de extrusiones de órdenes de producción'),
  page('planning-board', 'production', 'Tablero de producción', 'Planificación de órdenes por línea'),
  page('shifts', 'production', 'Turnos de producción', 'Turnos de trabajo por línea'),
  page('finishes', 'production', 'Acabados', 'Acabados de perfiles: natural, anodizado y pintado'),
  page('aluminum-alloys', 'production', 'Aleaciones de aluminio', 'Aleaciones, temples y rangos de temperatura'),
  page('machines', 'production', 'Máquinas', 'Prensas, hornos, estiradoras, sierras y demás equipos'),
  page('orders', 'production', 'Órdenes de producción', 'Órdenes de producción y sus matrices'),
  page('maintenance-dashboard', 'maintenance', 'Panel de mantenimiento', 'Estado de mantenimiento por máquina'),
  page('failure-damage-report', 'maintenance', 'Reporte de fallas y daños', 'Reportes de fallas y daños de equipos'),
  page('maintenance-board', 'maintenance', 'Tablero de órdenes de trabajo', 'Tareas de mantenimiento en tablero kanban'),
  page('corrective-maintenance', 'maintenance', 'Mantenimiento correctivo', 'Actividades de mantenimiento correctivo'),
  page('preventive-maintenance', 'maintenance', 'Mantenimiento preventivo', 'Planes y actividades de mantenimiento preventivo'),
  page('dies', 'dieshop', 'Inventario de matrices', 'Matrices, copias y resumen de cada matriz'),
  page('die-preparation', 'dieshop', 'Alistamiento de matrices', 'Preparación de matrices para producción'),
  page('die-production-confirmation', 'dieshop', 'Confirmación de producción', 'Confirmación de matrices usadas en producción'),
  page('die-nitriding', 'dieshop', 'Nitrurado de matrices', 'Ciclos de nitrurado de matrices'),
  page('die-cleaning', 'dieshop', 'Limpieza de matrices', 'Limpieza de matrices después de producción'),
  page('tooling', 'dieshop', 'Herramental', 'Herramental de prensa: porta matrices, anillos y respaldos'),
  page('correction-board', 'dieshop', 'Tablero de correcciones', 'Órdenes de corrección de matrices'),
  page('corrector-board', 'dieshop', 'Tablero del corrector', 'Trabajo asignado a cada corrector'),
  page('correction-records', 'dieshop', 'Registros de corrección', 'Historial de correcciones por matriz'),
  page('correction-reports', 'dieshop', 'Informes de corrección', 'Informes de cada corrección'),
  page('die-drawing', 'dieshop', 'Plano de matriz', 'Marcado de zonas a corregir sobre el plano'),
  page('smart-upload', 'dieshop', 'Carga inteligente', 'Carga de documentos asistida por IA'),
  page('companies', 'administration', 'Empresas', 'Empresas de la instalación'),
  page('roles', 'administration', 'Roles', 'Roles de usuario'),
  page('pages', 'administration', 'Páginas', 'Páginas del portal'),
  page('page-roles', 'administration', 'Permisos por rol', 'Permisos de lectura y escritura por página y rol'),
  page('users', 'administration', 'Usuarios', 'Usuarios de la empresa'),
  page('audit', 'administration', 'Auditoría', 'Quién cambió qué y cuándo: empresas, roles, permisos, usuarios e inicios de sesión'),
  page('share-links', 'administration', 'Enlaces compartidos', 'Los enlaces de solo lectura vigentes de la empresa: quién los creó, qué muestran y revocarlos'),
] as const satisfies readonly PageDefinition[];

export type PageAlias = (typeof PAGES)[number]['alias'];

export const CRUD_ACTIONS = ['read', 'insert', 'update', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];
export type CrudGrant = Record<CrudAction, boolean>;

const grant = (read: boolean, insert: boolean, update: boolean, remove: boolean): CrudGrant => ({ read, insert, update, delete: remove });
const NONE = grant(false, false, false, false);
const READ = grant(true, false, false, false);
const WRITE = grant(true, true, true, false);
const ALL = grant(true, true, true, true);

/**
 * What the user role gets on the maintenance pages: operators and technicians report failures,
 * work their orders on the board and write what they found and did on a corrective order; leads
 * (who may insert corrective orders: staff and admin by default) accept reports and verify work,
 * and plans are theirs to change.
 */
const USER_MAINTENANCE: Partial<Record<PageAlias, CrudGrant>> = {
  'corrective-maintenance': grant(true, false, true, false),
  'preventive-maintenance': READ,
  'maintenance-dashboard': READ,
};

/**
 * What the user role gets in the die shop: die technicians receive, prepare, confirm, clean,
 * nitride, keep the tooling and upload their paperwork to the agent (scrapping a die, a delete on
 * 'dies', is the leads').
 */
export const USER_DIESHOP_WORK: readonly PageAlias[] = [
  'dies',
  'die-preparation',
  'die-production-confirmation',
  'die-nitriding',
  'die-cleaning',
  'tooling',
  'smart-upload',
];

/**
 * What the user role writes in the corrections (issue 14): operators and quality report
 * non-conformities, correctors write their attempts and mark the drawing, everybody discusses.
 * The boards' moves and reassignments (and the catalogues) are the leads'.
 */
export const USER_CORRECTION_WORK: readonly PageAlias[] = ['correction-records', 'correction-reports', 'die-drawing'];

/**
 * Default page-role permissions seeded for every company: admin everything; staff everything
 * on the plant areas and no administration; user read and write (no delete) on production and
 * maintenance work (less on the leads' maintenance pages) and read on dashboards and the die
 * shop; guest nothing, because a guest only ever sees what a share token opens.
 */
export function defaultGrant(role: string, page: Pick<PageDefinition, 'alias' | 'area'>): CrudGrant {
  const area = page.area;
  switch (role) {
    case 'admin':
      return ALL;
    case 'staff':
      return area === 'administration' ? NONE : ALL;
    case 'user':
      if (area === 'maintenance') return USER_MAINTENANCE[page.alias as PageAlias] ?? WRITE;
      if (area === 'production') return WRITE;
      if (USER_DIESHOP_WORK.includes(page.alias as PageAlias) || USER_CORRECTION_WORK.includes(page.alias as PageAlias)) return WRITE;
      return area === 'administration' ? NONE : READ;
    default:
      return NONE;
  }
}

/**
 * The demo plant's own role beside the built-in ones (Extrusiones del Norte's quality inspectors):
 * it reads production and the die shop and changes nothing. The seed gives it these reads; the
 * menu tests check what it is offered.
 */
export const DEMO_QUALITY_ROLE = {
  name: 'calidad',
  reads: ['dashboards-welcome', 'orders', 'extrusion', 'planning-board', 'dies', 'correction-records', 'correction-reports'],
} as const satisfies { name: string; reads: readonly PageAlias[] };
