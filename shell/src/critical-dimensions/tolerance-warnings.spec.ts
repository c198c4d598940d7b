import type { SavedDimensionRecord } from '@planta/contracts';
import { createI18n } from '@planta/i18n';
import { outOfToleranceMessages } from './tolerance-warnings';

const record = (text: 'DimensionA' | 'DimensionB', value: number, within: boolean | null): SavedDimensionRecord => ({
  order_dies_id: 1,
  dimension_text: text,
  dimension_value: value,
  date_saved: '2026-11-23T10:00:00.000Z',
  tolerance: within === null ? null : { label: text === 'DimensionA' ? 'A' : 'B', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
  within_tolerance: within,
});

describe('outOfToleranceMessages', () => {
  it('warns in Spanish about each value outside its tolerance only, in the language’s numbers', () => {
    const i18n = createI18n('es');
    const t = (key: string, values: Record<string, string>) => i18n.t(`shell:${key}`, values);
    const records = [record('DimensionA', 40.35, false), record('DimensionB', 40.1, true)];
    expect(outOfToleranceMessages(records, t, 'es')).toEqual(['Dimensión A fuera de tolerancia: 40,35 mm (nominal 40,00 −0,20/+0,20)']);
    expect(outOfToleranceMessages([record('DimensionA', 40, null), record('DimensionB', 40.1, true)], t, 'es')).toEqual([]);
  });
});
