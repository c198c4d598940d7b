import { z } from 'zod';
import { lineMessages, productionMessages } from '../production.schema';
import { defineResource, field, type RecordRule, type ResourceRecord } from '../resource';

/** Spec 3: the four container temperature control types. */
export const TEMPERATURE_CONTROL_TYPES = ['single', 'radial-gradient', 'longitudinal-gradient', 'radial-longitudinal-gradient'] as const;
export const MACHINE_TYPES = ['press', 'billet-furnace', 'die-oven', 'puller', 'saw', 'stretcher', 'ageing-oven'] as const;
export const MACHINE_STATUSES = ['operating', 'stopped', 'maintenance', 'out-of-service'] as const;
export const FINISH_TYPES = ['mill', 'anodised', 'powder-coated'] as const;
/** Anodising thickness classes, in microns (AA5 = 5 µm ... AA25 = 25 µm). */
export const ANODISING_CLASSES = ['AA5', 'AA10', 'AA15', 'AA20', 'AA25'] as const;
/** ISO weekdays, 1 = Monday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const positive = (max: number) => field.number({ required: true, max });
/** `a < b` (or `<=`) once both are numbers. */
const lessThan = (path: string, smaller: string, larger: string, message: string, orEqual = false): RecordRule => ({
  path,
  message,
  reads: [smaller, larger],
  test: (record) => (orEqual ? Number(record[smaller]) <= Number(record[larger]) : Number(record[smaller]) < Number(record[larger])),
});

/** A press line (spec 2.4), every figure in the unit its field name ends with. */
export const extrusionLineResource = defineResource({
  name: 'extrusionLine',
  area: 'production',
  page: 'extrusion-line',
  api: 'extrusion-line',
  route: '/apps/extrusion-line',
  table: 'extrusion_line',
  icon: 'DataLineRegular',
  fields: {
    name: field.text({ max: 80, required: true }),
    press_tonnage_t: positive(20000),
    max_operating_pressure_bar: positive(1000),
    container_brand: field.text({ max: 80 }),
    container_reference: field.text({ max: 80 }),
    container_inner_diameter_mm: positive(1000),
    billet_diameter_mm: positive(1000),
    cooling_table_length_m: positive(200),
    net_productivity_goal_kg_h: positive(20000),
    tooling_diameter_mm: positive(2000),
    tooling_length_mm: positive(2000),
    container_temperature_control: field.choice(TEMPERATURE_CONTROL_TYPES, { required: true, message: 'Elige el tipo de control de temperatura' }),
    discard_length_mm: positive(500),
    max_billet_length_mm: positive(3000),
    blunt_length_mm: positive(3000),
    table_length_m: positive(200),
    /** An override; empty means derived from the billet diameter. */
    billet_cross_section_area_mm2: field.number({ max: 1_000_000, nullable: true }),
    usable_table_length_m: positive(200),
  },
  display: ['name'],
  sections: [
    {
      key: 'press',
      fields: [
        'name',
        'press_tonnage_t',
        'max_operating_pressure_bar',
        'container_brand',
        'container_reference',
        'container_inner_diameter_mm',
        'container_temperature_control',
      ],
    },
    {
      key: 'billet',
      fields: [
        'billet_diameter_mm',
        'billet_cross_section_area_mm2',
        'max_billet_length_mm',
        'discard_length_mm',
        'blunt_length_mm',
        'tooling_diameter_mm',
        'tooling_length_mm',
      ],
    },
    { key: 'table', fields: ['cooling_table_length_m', 'table_length_m', 'usable_table_length_m', 'net_productivity_goal_kg_h'] },
  ],
  rules: [
    lessThan('billet_diameter_mm', 'billet_diameter_mm', 'container_inner_diameter_mm', lineMessages.billetNotSmallerThanContainer),
    lessThan('usable_table_length_m', 'usable_table_length_m', 'table_length_m', lineMessages.usableTableTooLong, true),
    lessThan('discard_length_mm', 'discard_length_mm', 'max_billet_length_mm', lineMessages.discardNotShorterThanBillet),
  ],
  /** The effective cross-section (derived unless overridden) and whether it is an override. */
  view: { billet_cross_section_area_mm2: z.number(), billet_cross_section_area_overridden: z.boolean() },
  list: {
    columns: [
      { field: 'name', width: 24 },
      'press_tonnage_t',
      'container_brand',
      'billet_diameter_mm',
      'container_temperature_control',
      'net_productivity_goal_kg_h',
    ],
    sortable: ['name', 'press_tonnage_t', 'billet_diameter_mm', 'net_productivity_goal_kg_h'],
    searchable: ['name', 'container_brand', 'container_reference'],
    defaultSort: 'name',
    exportName: 'lineas-de-extrusion',
  },
  unique: [{ fields: ['name'], message: productionMessages.lineNameTaken }],
  example: {
    name: 'Prensa de pruebas - 1600 t',
    press_tonnage_t: 1600,
    max_operating_pressure_bar: 240,
    container_brand: 'Wefa',
    container_reference: 'C-178',
    container_inner_diameter_mm: 178,
    billet_diameter_mm: 172,
    cooling_table_length_m: 42,
    net_productivity_goal_kg_h: 1200,
    tooling_diameter_mm: 330,
    tooling_length_mm: 230,
    container_temperature_control: 'radial-gradient',
    discard_length_mm: 18,
    max_billet_length_mm: 1000,
    blunt_length_mm: 80,
    table_length_m: 45,
    usable_table_length_m: 42,
  },
});

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

/** A work shift of a line, which may cross midnight. */
export const shiftResource = defineResource({
  name: 'shift',
  area: 'production',
  page: 'shifts',
  api: 'shifts',
  route: '/apps/shifts',
  table: 'shift',
  icon: 'ClockRegular',
  fields: {
    name: field.text({ max: 60, required: true }),
    start_time: field.time({ required: true }),
    /** May be before the start: the shift then crosses midnight. */
    end_time: field.time({ required: true }),
    days: field.integerSet({ values: WEEKDAYS, required: true, message: productionMessages.chooseDays }),
    supervisor: field.text({ max: 100, required: true }),
    line_id: field.reference({ to: 'extrusionLine' }),
  },
  display: ['name'],
  rules: [
    {
      path: 'end_time',
      message: productionMessages.sameStartAndEnd,
      reads: ['start_time', 'end_time'],
      test: (shift) => shift.start_time !== shift.end_time,
    },
  ],
  list: {
    columns: [
      { field: 'name', width: 20 },
      { field: 'start_time', label: 'schedule', width: 28 },
      { field: 'days', width: 40 },
      'line_id',
      { field: 'supervisor', width: 24 },
    ],
    sortable: ['name', 'start_time', 'supervisor'],
    searchable: ['name', 'supervisor'],
    defaultSort: 'name',
    exportName: 'turnos',
  },
  example: { name: 'Refuerzo sábado', start_time: '08:00', end_time: '13:00', days: [6], supervisor: 'Ana Beltrán' },
});

/** Mill, anodised (colour, micron class) or powder coated (RAL colour). */
export const finishResource = defineResource({
  name: 'finish',
  area: 'production',
  page: 'finishes',
  api: 'finish',
  route: '/apps/finish',
  table: 'finish',
  icon: 'PaintBrushRegular',
  fields: {
    name: field.text({ max: 80, required: true }),
    type: field.choice(FINISH_TYPES, { required: true, message: 'Elige el tipo de acabado' }),
    colour: field.text({ max: 60, required: true, requiredMessage: productionMessages.anodisedColour, when: { type: ['anodised'] } }),
    micron_class: field.choice(ANODISING_CLASSES, { nullable: true, required: true, message: productionMessages.anodisedClass, when: { type: ['anodised'] } }),
    ral_colour: field.text({
      max: 20,
      upperCase: true,
      pattern: { regex: /^(RAL \d{4})?$/, message: productionMessages.ralColour },
      required: true,
      requiredMessage: productionMessages.ralColour,
      when: { type: ['powder-coated'] },
    }),
  },
  display: ['name'],
  list: {
    columns: [{ field: 'name', width: 24 }, 'type', 'colour', 'micron_class', 'ral_colour'],
    sortable: ['name', 'type'],
    searchable: ['name', 'type', 'colour', 'ral_colour'],
    defaultSort: 'name',
    exportName: 'acabados',
  },
  unique: [{ fields: ['name'], message: productionMessages.finishNameTaken }],
  example: { name: 'Lacado rojo', type: 'powder-coated', ral_colour: 'ral 3000' },
});

const temperature = () => field.number({ required: true, max: 700 });

/** An alloy and temper with its density and billet and exit temperature ranges. */
export const aluminumAlloyResource = defineResource({
  name: 'aluminumAlloy',
  area: 'production',
  page: 'aluminum-alloys',
  api: 'aluminum-alloy',
  route: '/apps/aluminum-alloy',
  table: 'aluminum_alloy',
  icon: 'CubeRegular',
  fields: {
    designation: field.text({ max: 10, required: true, upperCase: true, pattern: { regex: /^\d{4}[A-Z]?$/, message: productionMessages.alloyDesignation } }),
    temper: field.text({ max: 10, required: true, upperCase: true, pattern: { regex: /^(F|O|H\d{1,3}|T\d{1,4})$/, message: productionMessages.alloyTemper } }),
    density_g_cm3: field.number({
      required: true,
      max: 10,
      checks: [{ test: (density) => density >= 2.5 && density <= 3, message: productionMessages.alloyDensity }],
    }),
    billet_temp_min_c: temperature(),
    billet_temp_max_c: temperature(),
    exit_temp_min_c: temperature(),
    exit_temp_max_c: temperature(),
  },
  display: ['designation', 'temper'],
  rules: [
    lessThan('billet_temp_min_c', 'billet_temp_min_c', 'billet_temp_max_c', productionMessages.minNotBelowMax),
    lessThan('exit_temp_min_c', 'exit_temp_min_c', 'exit_temp_max_c', productionMessages.minNotBelowMax),
  ],
  list: {
    columns: ['designation', 'temper', 'density_g_cm3', 'billet_temp_min_c', 'billet_temp_max_c', 'exit_temp_min_c', 'exit_temp_max_c'],
    sortable: ['designation', 'temper', 'density_g_cm3'],
    searchable: ['designation', 'temper'],
    defaultSort: 'designation',
    exportName: 'aleaciones',
  },
  unique: [{ fields: ['designation', 'temper'], message: productionMessages.alloyTaken }],
  example: {
    designation: '6106',
    temper: 'T6',
    density_g_cm3: 2.69,
    billet_temp_min_c: 460,
    billet_temp_max_c: 500,
    exit_temp_min_c: 510,
    exit_temp_max_c: 540,
  },
});

/** The production catalogue. */
export const PRODUCTION_RESOURCES = [extrusionLineResource, machineResource, shiftResource, finishResource, aluminumAlloyResource] as const;

export type ExtrusionLine = ResourceRecord<typeof extrusionLineResource>;
export type Machine = ResourceRecord<typeof machineResource>;
export type Shift = ResourceRecord<typeof shiftResource>;
export type Finish = ResourceRecord<typeof finishResource>;
export type AluminumAlloy = ResourceRecord<typeof aluminumAlloyResource>;
