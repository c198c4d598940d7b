import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, type ResourceRecord } from '../../resource';
import { productionMessages } from '../../production.messages';

export const MACHINE_TYPES = ['press', 'billet-furnace', 'die-oven', 'puller', 'saw', 'stretcher', 'ageing-oven'] as const;

/**
 * Each status is up or down (domain.md A1.2, Atlas's classes): up — operating, standby,
 * commissioning; down — stopped (by a failure), maintenance (planned); out of service is neither.
 * Setting a down status opens a stop and setting an up one closes it (a database trigger).
 */
export const MACHINE_STATUSES = ['operating', 'standby', 'commissioning', 'stopped', 'maintenance', 'out-of-service'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];
export const DOWN_MACHINE_STATUSES: readonly MachineStatus[] = ['stopped', 'maintenance'];
export const isMachineDown = (status: string) => (DOWN_MACHINE_STATUSES as readonly string[]).includes(status);

/** How much a stop of the machine costs the plant (A: stops the line). */
export const MACHINE_CRITICALITIES = ['A', 'B', 'C'] as const;

/** A machine of the plant, optionally on a line and under a parent machine (a press and its furnace, puller, saw). */
export const machineResource = defineResource({
  name: 'machine',
  ...RESOURCE_PLACES.machine,
  page: 'machines',
  api: 'machine',
  table: 'machine',
  icon: 'WrenchSettingsRegular',
  fields: {
    name: field.text({ max: 80, required: true }),
    code: field.text({ max: 20, upperCase: true, pattern: { regex: /^[A-Z0-9][A-Z0-9._-]*$|^$/, message: productionMessages.machineCode } }),
    type: field.choice(MACHINE_TYPES, { required: true, message: 'Elige el tipo de máquina' }),
    line_id: field.reference({ to: 'extrusionLine' }),
    parent_machine_id: field.reference({ to: 'machine' }),
    status: field.choice(MACHINE_STATUSES, { required: true, default: 'operating', message: 'Elige el estado de la máquina' }),
    criticality: field.choice(MACHINE_CRITICALITIES, { required: true, default: 'B', message: productionMessages.machineCriticality }),
    location: field.text({ max: 120 }),
    in_service_date: field.date({}),
    expected_mtbf_h: field.number({ max: 1_000_000, nullable: true }),
    manufacturer: field.text({ max: 80 }),
    model: field.text({ max: 80 }),
  },
  display: ['name'],
  sections: [
    { key: 'identity', fields: ['name', 'code', 'type', 'line_id', 'parent_machine_id', 'status'] },
    { key: 'maintenance', fields: ['criticality', 'location', 'in_service_date', 'expected_mtbf_h', 'manufacturer', 'model'] },
  ],
  list: {
    columns: [{ field: 'name', width: 24 }, 'code', 'type', 'status', 'criticality', 'line_id', 'location', 'manufacturer', 'model'],
    sortable: ['name', 'code', 'type', 'status', 'criticality'],
    searchable: ['name', 'code', 'type', 'status', 'location', 'manufacturer', 'model'],
    defaultSort: 'name',
    exportName: 'maquinas',
  },
  unique: [{ fields: ['code'], message: productionMessages.machineCodeTaken }],
  checks: [{ constraint: 'machine_not_own_parent', field: 'parent_machine_id', message: productionMessages.machineParentCycle }],
  example: { name: 'Sierra de pruebas', code: 'SI-90', type: 'saw', status: 'operating', criticality: 'C' },
});

export type Machine = ResourceRecord<typeof machineResource>;
