import { issuesToFields } from './error.schema';
import { billetCrossSectionArea, extrusionLineSchema, lineMessages } from './production.schema';

const line = {
  name: 'Prensa 1 - 1800 t',
  press_tonnage_t: 1800,
  max_operating_pressure_bar: 250,
  container_brand: 'Wefa',
  container_reference: 'C-178',
  container_inner_diameter_mm: 178,
  billet_diameter_mm: 7 * 25.4,
  cooling_table_length_m: 45,
  net_productivity_goal_kg_h: 1400,
  tooling_diameter_mm: 350,
  tooling_length_mm: 240,
  container_temperature_control: 'radial-gradient',
  discard_length_mm: 20,
  max_billet_length_mm: 1100,
  blunt_length_mm: 90,
  table_length_m: 50,
  usable_table_length_m: 46,
};
const fields = (input: unknown) => {
  const result = extrusionLineSchema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues);
};

describe('extrusion line rules', () => {
  it('accepts a realistic press line', () => {
    expect(fields({ ...line, billet_diameter_mm: 170 })).toEqual({});
  });
  it('refuses a billet not smaller than the container, a usable table longer than the table and a discard not shorter than the billet', () => {
    expect(fields({ ...line, billet_diameter_mm: 178 })).toEqual({ billet_diameter_mm: lineMessages.billetNotSmallerThanContainer });
    expect(fields({ ...line, billet_diameter_mm: 170, usable_table_length_m: 51 })).toEqual({ usable_table_length_m: lineMessages.usableTableTooLong });
    expect(fields({ ...line, billet_diameter_mm: 170, discard_length_mm: 400, max_billet_length_mm: 400 })).toEqual({ discard_length_mm: lineMessages.discardNotShorterThanBillet });
  });
  it('refuses non-positive numbers and unknown temperature controls in Spanish', () => {
    const result = fields({ ...line, billet_diameter_mm: 170, press_tonnage_t: -5, container_temperature_control: 'magic' });
    expect(result.press_tonnage_t).toBe('Debe ser un número mayor que cero');
    expect(result.container_temperature_control).toBe('Elige el tipo de control de temperatura');
  });
  it('derives the billet cross-section from its diameter', () => {
    expect(billetCrossSectionArea(178)).toBeCloseTo(24884.56, 2);
  });
});
