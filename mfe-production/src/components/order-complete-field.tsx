import { Checkbox } from '@fluentui/react-components';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * 'La orden está completa' on a stop form (`order_complete`): ticked, the order is finished with
 * its last run; otherwise it goes back to 'Planificada' on its line.
 */
export function OrderCompleteField<T extends FieldValues & { order_complete: boolean }, TOut extends FieldValues = T>({
  control,
}: {
  control: Control<T, unknown, TOut>;
}) {
  const { t } = useTranslation('production');
  return (
    <Controller
      control={control}
      name={'order_complete' as Path<T>}
      render={({ field }) => (
        <Checkbox
          name={field.name}
          ref={field.ref}
          checked={field.value === true}
          onBlur={field.onBlur}
          onChange={(_, data) => field.onChange(data.checked === true)}
          label={t('stopOrder.complete')}
        />
      )}
    />
  );
}
