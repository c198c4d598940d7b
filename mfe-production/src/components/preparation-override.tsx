import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@planta/ui';

/** The server's refusal asks for `override_reason` (a lead starting over an unfinished preparation). */
export const asksOverrideReason = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && typeof (error as { fields?: Record<string, unknown> }).fields?.override_reason === 'string';

/**
 * 'Motivo para iniciar sin terminar el alistamiento': shown on the start form only once the API has
 * refused the start over the die's unfinished preparation and said the caller may override it.
 */
export function PreparationOverrideField<T extends FieldValues & { override_reason?: string }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('production');
  return (
    <FormTextField
      control={control as never}
      name={'override_reason' as Path<T>}
      multiline
      required
      label={t('preparationOverride.label')}
      hint={t('preparationOverride.hint')}
    />
  );
}
