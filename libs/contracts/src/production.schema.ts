import { z } from 'zod';
import { messages } from './messages';

/** Spec 3: the four container temperature control types, with the labels shown. */
export const TEMPERATURE_CONTROL_TYPES = {
  single: 'Temperatura única (homogénea)',
  'radial-gradient': 'Gradiente radial (interior-exterior)',
  'longitudinal-gradient': 'Gradiente longitudinal (atrás-adelante)',
  'radial-longitudinal-gradient': 'Gradiente radial y longitudinal',
} as const;
export const temperatureControlSchema = z.enum(Object.keys(TEMPERATURE_CONTROL_TYPES) as [keyof typeof TEMPERATURE_CONTROL_TYPES, ...(keyof typeof TEMPERATURE_CONTROL_TYPES)[]], {
  error: 'Elige el tipo de control de temperatura',
});

const positive = (max: number) =>
  z.coerce.number({ error: messages.positiveNumber }).refine(Number.isFinite, messages.positiveNumber).positive(messages.positiveNumber).max(max, `Debe ser como máximo ${max}`);

export const lineMessages = {
  billetNotSmallerThanContainer: 'El diámetro del tocho debe ser menor que el diámetro interior del contenedor',
  usableTableTooLong: 'La longitud útil de la mesa no puede superar la longitud de la mesa',
  discardNotShorterThanBillet: 'El descarte debe ser más corto que el tocho',
} as const;

/** Cross-section of a round billet, mm², from its diameter in mm. */
export const billetCrossSectionArea = (billetDiameterMm: number) => Math.round(((Math.PI * billetDiameterMm ** 2) / 4) * 100) / 100;

/** Spec 2.4 extrusion line form, with the rules a process engineer expects. Units in the field names. */
export const extrusionLineFieldsSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(80, messages.tooLong(80)),
  press_tonnage_t: positive(20000),
  max_operating_pressure_bar: positive(1000),
  container_brand: z.string().trim().max(80, messages.tooLong(80)).default(''),
  container_reference: z.string().trim().max(80, messages.tooLong(80)).default(''),
  container_inner_diameter_mm: positive(1000),
  billet_diameter_mm: positive(1000),
  cooling_table_length_m: positive(200),
  net_productivity_goal_kg_h: positive(20000),
  tooling_diameter_mm: positive(2000),
  tooling_length_mm: positive(2000),
  container_temperature_control: temperatureControlSchema,
  discard_length_mm: positive(500),
  max_billet_length_mm: positive(3000),
  blunt_length_mm: positive(3000),
  table_length_m: positive(200),
  /** Derived from the billet diameter unless overridden. */
  billet_cross_section_area_mm2: positive(1_000_000).nullable().optional(),
  usable_table_length_m: positive(200),
});

export const extrusionLineSchema = extrusionLineFieldsSchema
  .refine((line) => line.billet_diameter_mm < line.container_inner_diameter_mm, { message: lineMessages.billetNotSmallerThanContainer, path: ['billet_diameter_mm'] })
  .refine((line) => line.usable_table_length_m <= line.table_length_m, { message: lineMessages.usableTableTooLong, path: ['usable_table_length_m'] })
  .refine((line) => line.discard_length_mm < line.max_billet_length_mm, { message: lineMessages.discardNotShorterThanBillet, path: ['discard_length_mm'] });
export type ExtrusionLineInput = z.infer<typeof extrusionLineSchema>;
export type ExtrusionLine = ExtrusionLineInput & { id: number; billet_cross_section_area_mm2: number };
