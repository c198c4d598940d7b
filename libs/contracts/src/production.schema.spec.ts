import { issuesToFields } from './error.schema';
import { lineMessages, productionMessages } from './production.messages';
import { billetCrossSectionArea, planningBoardMoveSchema, shiftsOverlap, shiftWeekIntervals } from './production.schema';
import { resourceSchemas } from './resource.schemas';
import { aluminumAlloyResource, extrusionLineResource, finishResource, machineResource, shiftResource } from './resources';

const extrusionLineSchema = resourceSchemas(extrusionLineResource).create;
const finishSchema = resourceSchemas(finishResource).create;
const finishPatchSchema = resourceSchemas(finishResource).patch;
const machinePatchSchema = resourceSchemas(machineResource).patch;
const aluminumAlloySchema = resourceSchemas(aluminumAlloyResource).create;
const shiftSchema = resourceSchemas(shiftResource).create;

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
    expect(fields({ ...line, billet_diameter_mm: 170, discard_length_mm: 400, max_billet_length_mm: 400 })).toEqual({
      discard_length_mm: lineMessages.discardNotShorterThanBillet,
    });
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

describe('production forms', () => {
  const fieldsOf = (
    schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    input: unknown,
  ) => {
    const result = schema.safeParse(input);
    return result.success ? {} : issuesToFields(result.error!.issues);
  };

  it('finds shifts that overlap, also across midnight and the end of the week', () => {
    const night = { start_time: '22:00', end_time: '06:00', days: [7] };
    expect(shiftsOverlap(night, { start_time: '05:00', end_time: '07:00', days: [1] })).toBe(true);
    expect(shiftsOverlap(night, { start_time: '06:00', end_time: '14:00', days: [1] })).toBe(false);
    expect(shiftsOverlap({ start_time: '06:00', end_time: '14:00', days: [1, 2] }, { start_time: '14:00', end_time: '22:00', days: [1, 2] })).toBe(false);
    expect(shiftWeekIntervals(night)).toEqual([
      [9960, 10080],
      [0, 360],
    ]);
  });

  it('checks finishes by type and alloys by their ranges', () => {
    expect(fieldsOf(finishSchema, { name: 'A', type: 'anodised', colour: 'Plata', micron_class: 'AA15' })).toEqual({});
    expect(fieldsOf(finishSchema, { name: 'P', type: 'powder-coated', ral_colour: 'ral 9016' })).toEqual({});
    expect(fieldsOf(finishSchema, { name: 'P', type: 'powder-coated' })).toEqual({ ral_colour: productionMessages.ralColour });
    expect(fieldsOf(finishSchema, { name: 'A', type: 'anodised' })).toEqual({
      colour: productionMessages.anodisedColour,
      micron_class: productionMessages.anodisedClass,
    });
    // What does not apply to the type is stored empty.
    expect(finishSchema.parse({ name: 'P', type: 'powder-coated', ral_colour: 'ral 9016', colour: 'Rojo', micron_class: 'AA15' })).toEqual({
      name: 'P',
      type: 'powder-coated',
      colour: '',
      micron_class: null,
      ral_colour: 'RAL 9016',
    });
    const alloy = {
      designation: '6005a',
      temper: 't6',
      density_g_cm3: 2.7,
      billet_temp_min_c: 470,
      billet_temp_max_c: 510,
      exit_temp_min_c: 515,
      exit_temp_max_c: 550,
    };
    expect(aluminumAlloySchema.parse(alloy)).toMatchObject({ designation: '6005A', temper: 'T6' });
    expect(fieldsOf(aluminumAlloySchema, { ...alloy, exit_temp_max_c: 500 })).toEqual({ exit_temp_min_c: productionMessages.minNotBelowMax });
  });

  it('leaves out of a patch what was not sent (no defaults filled in)', () => {
    expect(finishPatchSchema.parse({})).toEqual({});
    expect(machinePatchSchema.parse({ status: 'stopped' })).toEqual({ status: 'stopped' });
    expect(fieldsOf(machinePatchSchema, { status: 'broken' })).toEqual({ status: 'Elige el estado de la máquina' });
  });

  it('keeps shift days as a sorted set of weekdays and refuses the same start and end', () => {
    const shift = { name: 'Mañana', start_time: '06:00', end_time: '14:00', days: [3, 1, 3], supervisor: 'Ana' };
    expect(shiftSchema.parse(shift)).toMatchObject({ days: [1, 3] });
    // A day is a number: text, booleans and nulls are no weekdays.
    for (const day of ['3', true, null, [3]]) expect(fieldsOf(shiftSchema, { ...shift, days: [1, day] })).toEqual({ days: productionMessages.chooseDays });
    expect(fieldsOf(shiftSchema, { ...shift, days: [] })).toEqual({ days: productionMessages.chooseDays });
    expect(fieldsOf(shiftSchema, { ...shift, days: [8] })).toEqual({ days: productionMessages.chooseDays });
    expect(fieldsOf(shiftSchema, { ...shift, end_time: '06:00' })).toEqual({ end_time: productionMessages.sameStartAndEnd });
    expect(fieldsOf(shiftSchema, { ...shift, end_time: '6' })).toEqual({ end_time: productionMessages.timeFormat });
  });

  it('checks a rule over several fields only once they are valid on their own', () => {
    expect(fields({ ...line, billet_diameter_mm: '', container_inner_diameter_mm: 178 })).toEqual({ billet_diameter_mm: 'Debe ser un número mayor que cero' });
    expect(fields({})).not.toHaveProperty('usable_table_length_m', lineMessages.usableTableTooLong);
  });

  it('requires a line when planning on the board', () => {
    expect(fieldsOf(planningBoardMoveSchema, { order_id: 1, to_column: 'planned', position: 0 })).toEqual({ to_line_id: productionMessages.chooseLine });
    expect(fieldsOf(planningBoardMoveSchema, { order_id: 1, to_column: 'to_plan', position: 2 })).toEqual({});
  });
});
