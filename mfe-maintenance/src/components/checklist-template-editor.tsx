import { Button, Checkbox, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { Controller, useFieldArray, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_ITEM_KINDS, type ChecklistTemplateItem } from '@planta/contracts';
import { i18nKey } from '@planta/ui';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 180px) minmax(200px, 1fr) auto auto',
    gap: '8px',
    alignItems: 'start',
    padding: '8px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 720px)': { gridTemplateColumns: '1fr' },
  },
  moves: { display: 'flex', gap: '4px', alignItems: 'center', paddingTop: '22px' },
  required: { paddingTop: '22px' },
});

export interface ChecklistFormValues {
  checklist: ChecklistTemplateItem[];
}

/**
 * The plan's checklist template: items to add, remove and reorder (buttons, so it works by touch
 * and keyboard alike), each with its kind and whether it is required. Each work order the plan
 * creates gets a copy of it.
 */
export function ChecklistTemplateEditor<T extends ChecklistFormValues, TOut extends FieldValues>({ control }: { control: Control<T, unknown, TOut> }) {
  const { t } = useTranslation(['maintenance', 'common']);
  const styles = useStyles();
  const typed = control as unknown as Control<ChecklistFormValues>;
  const { fields, append, remove, move } = useFieldArray({ control: typed, name: 'checklist' });

  return (
    <div>
      {fields.length === 0 ? <Text>{t('maintenance:preventive.checklist.empty')}</Text> : null}
      <ol className={styles.list} aria-label={t('maintenance:preventive.sections.checklist')}>
        {fields.map((item, index) => {
          const n = index + 1;
          return (
            <li key={item.id} className={styles.item} aria-label={t('maintenance:preventive.checklist.item', { n })}>
              <Controller
                control={typed}
                name={`checklist.${index}.kind`}
                render={({ field, fieldState }) => (
                  <Field label={t('maintenance:preventive.checklist.kind')} validationMessage={fieldState.error?.message}>
                    <Select name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={(_, data) => field.onChange(data.value)}>
                      {CHECKLIST_ITEM_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`maintenance:enums.checklistKind.${i18nKey(kind)}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              />
              <Controller
                control={typed}
                name={`checklist.${index}.label`}
                render={({ field, fieldState }) => (
                  <Field label={t('maintenance:preventive.checklist.label')} required validationMessage={fieldState.error?.message}>
                    <Input name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={(_, data) => field.onChange(data.value)} />
                  </Field>
                )}
              />
              <Controller
                control={typed}
                name={`checklist.${index}.required`}
                render={({ field }) => (
                  <Checkbox
                    className={styles.required}
                    label={t('maintenance:preventive.checklist.required')}
                    checked={field.value}
                    onChange={(_, data) => field.onChange(data.checked === true)}
                  />
                )}
              />
              <div className={styles.moves}>
                <Button
                  icon={<ArrowUpRegular />}
                  aria-label={`${t('maintenance:preventive.checklist.up')} (${n})`}
                  title={t('maintenance:preventive.checklist.up')}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  icon={<ArrowDownRegular />}
                  aria-label={`${t('maintenance:preventive.checklist.down')} (${n})`}
                  title={t('maintenance:preventive.checklist.down')}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  icon={<DeleteRegular />}
                  aria-label={`${t('maintenance:preventive.checklist.remove')} (${n})`}
                  title={t('maintenance:preventive.checklist.remove')}
                  onClick={() => remove(index)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <Button icon={<AddRegular />} style={{ marginTop: 8 }} onClick={() => append({ kind: 'check', label: '', required: false })}>
        {t('maintenance:preventive.checklist.add')}
      </Button>
    </div>
  );
}
