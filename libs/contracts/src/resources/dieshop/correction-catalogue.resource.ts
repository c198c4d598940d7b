import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, type ResourceRecord } from '../../resource';

/** Whether a catalogue entry is still offered (a retired one stays on the records that used it). */
export const CATALOGUE_ACTIVE = ['yes', 'no'] as const;
export type CatalogueActive = (typeof CATALOGUE_ACTIVE)[number];

export const correctionCatalogueMessages = {
  nameTaken: 'Ya existe una entrada con ese nombre',
  active: 'Indica si está activa',
} as const;

/** The plant's defects (domain.md A2.2), seeded per company by migration 1764800000000 and extended by each plant. */
export const DEFAULT_CORRECTION_DEFECTS = [
  'Fuera de tolerancia dimensional',
  'Espesor de pared',
  'Angularidad / planitud',
  'Torsión',
  'Onda',
  'Curvatura',
  'Rayas de matriz',
  'Pick-up',
  'Desgarro',
  'Inflado de hueco',
  'Presión alta',
  'Otro',
] as const;

/** The die maker's operations (domain.md A2.2): frenar / aliviar portada, pulir, rectificar, soldar, electroerosión, ajustar mandril, otra. */
export const DEFAULT_CORRECTION_OPERATIONS = [
  'Frenar portada',
  'Aliviar portada',
  'Pulir',
  'Rectificar',
  'Soldar',
  'Electroerosión',
  'Ajustar mandril',
  'Otra',
] as const;

const catalogueFields = {
  name: field.text({ max: 80, required: true }),
  description: field.text({ max: 300, multiline: true }),
  active: field.choice(CATALOGUE_ACTIVE, { required: true, default: 'yes', message: correctionCatalogueMessages.active }),
  sort_order: field.integer({ max: 9999, sign: 'nonNegative', nullable: true }),
} as const;

const catalogueList = (exportName: string) =>
  ({
    columns: [{ field: 'name', width: 30 }, { field: 'description', width: 44 }, 'active', 'sort_order'],
    sortable: ['name', 'active', 'sort_order'],
    searchable: ['name', 'description'],
    defaultSort: 'sort_order',
    exportName,
  }) as const;

/** The defects a correction record names (catalogue of the company, on the correction board's page). */
export const correctionDefectResource = defineResource({
  name: 'correctionDefect',
  ...RESOURCE_PLACES.correctionDefect,
  page: 'correction-board',
  api: 'correction-defect',
  table: 'correction_defect',
  icon: 'BugRegular',
  fields: catalogueFields,
  display: ['name'],
  list: catalogueList('defectos-de-correccion'),
  unique: [{ fields: ['name'], message: correctionCatalogueMessages.nameTaken }],
  example: { name: 'Marca de soldadura', description: 'Línea de soldadura visible en el perfil', active: 'yes', sort_order: 50 },
});
export type CorrectionDefect = ResourceRecord<typeof correctionDefectResource>;

/** The operations an attempt records, each with its zone and amount. */
export const correctionOperationResource = defineResource({
  name: 'correctionOperation',
  ...RESOURCE_PLACES.correctionOperation,
  page: 'correction-board',
  api: 'correction-operation',
  table: 'correction_operation',
  icon: 'WrenchRegular',
  fields: catalogueFields,
  display: ['name'],
  list: catalogueList('operaciones-de-correccion'),
  unique: [{ fields: ['name'], message: correctionCatalogueMessages.nameTaken }],
  example: { name: 'Nitrurar zona', description: 'Renitrurado local tras soldar', active: 'yes', sort_order: 50 },
});
export type CorrectionOperationEntry = ResourceRecord<typeof correctionOperationResource>;
