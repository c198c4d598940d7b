import { PAGES, type Area } from '../pages';
import type { ResourceDefinition } from '../resource';
import { DIESHOP_RESOURCES } from './dieshop';
import { PRODUCTION_RESOURCES } from './production';

export * from './production';
export * from './dieshop';
export * from './resource-places';

/** Every declared resource; a new one is one line here (architecture.md "Adding a resource"). */
export const RESOURCES: readonly ResourceDefinition[] = [...PRODUCTION_RESOURCES, ...DIESHOP_RESOURCES];

/** The resource of that name; throws for a name nobody declared (a typo in a reference). */
export function resourceNamed(name: string): ResourceDefinition {
  const found = RESOURCES.find((resource) => resource.name === name);
  if (!found) throw new Error(`No resource is declared with the name "${name}"`);
  return found;
}

/** The resources of one area, in declaration order. */
export const resourcesOf = (area: Area): ResourceDefinition[] => RESOURCES.filter((resource) => resource.area === area);

/** What the rows of the tables that are not resources are called (conflict messages). */
const TABLE_TITLES: Readonly<Record<string, string>> = {
  production_order: 'Órdenes de producción',
  order_die: 'Extrusiones',
  dimension_record: 'Registros de dimensiones',
  die: 'Matrices',
  correction_record: 'Registros de corrección',
  correction_report: 'Informes de corrección',
  chat_message: 'Mensajes de chat',
  notification: 'Notificaciones',
  app_user: 'Usuarios',
  company_member: 'Miembros de empresas',
  share_token: 'Enlaces compartidos',
  failure_report: 'Reportes de fallas y daños',
  failure_report_photo: 'Fotos de reportes de fallas',
  machine_stop: 'Paradas de máquina',
  work_order: 'Órdenes de trabajo de mantenimiento',
  work_order_attachment: 'Adjuntos de órdenes de trabajo',
  pm_plan: 'Planes de mantenimiento preventivo',
  meter: 'Contadores',
  meter_reading: 'Lecturas de contadores',
  stored_file: 'Archivos',
  // A resource on another resource's page (profiles are screens of the dies' page) is named here.
  profile: 'Perfiles',
};

/** The Spanish name of a table's rows: its own title, else a resource's page name (its name when it has neither). */
export function tableTitle(table: string): string {
  if (TABLE_TITLES[table]) return TABLE_TITLES[table];
  const resource = RESOURCES.find((candidate) => candidate.table === table);
  return (resource && PAGES.find((page) => page.alias === resource.page)?.name) ?? table;
}
