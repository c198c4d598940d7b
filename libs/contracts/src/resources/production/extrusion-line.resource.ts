import { lineMessages, productionMessages } from '../../production.messages';
import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, lessThan, type ResourceRecord } from '../../resource';

export const TEMPERATURE_CONTROL_TYPES = ['single', 'radial-gradient', 'longitudinal-gradient', 'radial-longitudinal-gradient'] as const;

const positive = (max: number) => field.number({ required: true, max });

/** A press line (spec 2.4), every figure in the unit its field name ends with. */
export const extrusionLineResource = defineResource({
  name: 'extrusionLine',
  ...RESOURCE_PLACES.extrusionLine,
  page: 'extrusion-line',
  api: 'extrusion-line',
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
    lessThan('billet_diameter_mm', 'container_inner_diameter_mm', lineMessages.billetNotSmallerThanContainer),
    lessThan('usable_table_length_m', 'table_length_m', lineMessages.usableTableTooLong, { orEqual: true }),
    lessThan('discard_length_mm', 'max_billet_length_mm', lineMessages.discardNotShorterThanBillet),
  ],
  /** The effective cross-section (derived unless overridden) and whether it is an override. */
  view: { billet_cross_section_area_mm2: 'number', billet_cross_section_area_overridden: 'boolean' },
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

export type ExtrusionLine = ResourceRecord<typeof extrusionLineResource>;
