import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DIMENSION_LABELS, type ProfileDimension } from '@planta/contracts';

/**
 * The hint under a 10-minute check's field: its profile's nominal and tolerance ('Nominal 25,40 mm
 * (−0,10 / +0,15)'), read before the value is typed; the prompt and 'Mi extrusión' both show it.
 */
export function useToleranceHint(): (dimension: keyof typeof DIMENSION_LABELS, tolerances: readonly ProfileDimension[]) => string {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (dimension, tolerances) => {
      const tolerance = tolerances.find((candidate) => candidate.label === DIMENSION_LABELS[dimension]);
      if (!tolerance) return t('dimensions.noTolerance');
      const millimetres = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
      return t('dimensions.tolerance', {
        nominal: millimetres.format(tolerance.nominal_mm),
        minus: millimetres.format(tolerance.tol_minus_mm),
        plus: millimetres.format(tolerance.tol_plus_mm),
      });
    },
    [t, language],
  );
}
