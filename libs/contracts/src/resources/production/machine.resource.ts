import { defineResource, field, type ResourceRecord } from '../../resource';

export const MACHINE_TYPES = ['press', 'billet-furnace', 'die-oven', 'puller', 'saw', 'stretcher', 'ageing-oven'] as const;

export const MACHINE_STATUSES = ['operating', 'stopped', 'maintenance', 'out-of-service'] as const;

/** A machine of the plant, optionally on a line. */
export const machineResource = defineResource({
  name: 'machine',
  area: 'production',
  page: 'machines',
  api: 'machine',
  route: '/apps/machine',
  table: 'machine',
  icon: 'WrenchSettingsRegular',
  fields: {
    name: field.text({ max: 80, required: true }),
    type: field.choice(MACHINE_TYPES, { required: true, message: 'Elige el tipo de máquina' }),
    line_id: field.reference({ to: 'extrusionLine' }),
    status: field.choice(MACHINE_STATUSES, { required: true, default: 'operating', message: 'Elige el estado de la máquina' }),
    manufacturer: field.text({ max: 80 }),
    model: field.text({ max: 80 }),
  },
  display: ['name'],
  list: {
    columns: [{ field: 'name', width: 24 }, 'type', 'status', 'line_id', 'manufacturer', 'model'],
    sortable: ['name', 'type', 'status'],
    searchable: ['name', 'type', 'status', 'manufacturer', 'model'],
    defaultSort: 'name',
    exportName: 'maquinas',
  },
  example: { name: 'Sierra de pruebas', type: 'saw', status: 'operating' },
});

export type Machine = ResourceRecord<typeof machineResource>;
