import { millimetreText, type SavedDimensionRecord } from '@planta/contracts';

/** How long an out-of-tolerance warning stays. */
export const OUT_OF_TOLERANCE_MS = 15_000;

/** The warnings of the saved values outside their profile's tolerance ('Dimensión A fuera de tolerancia: 40,35 mm (nominal 40,00 −0,20/+0,20)'). */
export function outOfToleranceMessages(
  records: readonly SavedDimensionRecord[],
  t: (key: string, values: Record<string, string>) => string,
  language: string,
): string[] {
  const millimetres = { format: (value: number) => millimetreText(value, language) };
  return records.flatMap(({ tolerance, within_tolerance, dimension_value }) =>
    tolerance && within_tolerance === false
      ? [
          t('criticalDimensions.outOfTolerance', {
            label: tolerance.label,
            value: millimetres.format(dimension_value),
            nominal: millimetres.format(tolerance.nominal_mm),
            minus: millimetres.format(tolerance.tol_minus_mm),
            plus: millimetres.format(tolerance.tol_plus_mm),
          }),
        ]
      : [],
  );
}
