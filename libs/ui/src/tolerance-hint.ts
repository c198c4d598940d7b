import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DIMENSION_LABELS, millimetreText, type ProfileDimension } from '@planta/contracts';

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
      return t('dimensions.tolerance', {
        nominal: millimetreText(tolerance.nominal_mm, language),
        minus: millimetreText(tolerance.tol_minus_mm, language),
        plus: millimetreText(tolerance.tol_plus_mm, language),
      });
    },
    [t, language],
  );
}
