import { Button, Field, Input, makeStyles, mergeClasses, Select, Text, tokens } from '@fluentui/react-components';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DieCandidate } from '@planta/contracts';
import { i18nKey, useFormat } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { uploadsTexts } from '../i18n/uploads.texts';
import { ConfidenceBadge } from './upload-badges';
import type { Attention, ReviewFieldRef, ReviewFormValues } from './upload.model';

registerDieshopTexts(uploadsTexts);

const useStyles = makeStyles({
  wrap: {
    minWidth: 0,
    padding: '6px 8px',
    borderRadius: tokens.borderRadiusMedium,
    border: `2px solid transparent`,
    '& .fui-Input, & .fui-Select': { width: '100%', minWidth: 0 },
  },
  attention: { border: `2px solid ${tokens.colorPaletteRedBorder2}`, backgroundColor: tokens.colorPaletteRedBackground1 },
  active: { border: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  label: { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' },
  candidates: { display: 'flex', flexWrap: 'wrap', gap: '6px', marginTop: '6px' },
  note: { color: tokens.colorNeutralForeground3, display: 'block', marginTop: '4px' },
});

/** The Spanish name of a choice's value (die types, nitriding processes), as the die screens show them. */
/** The choice fields whose codes read through an enum label ('gas' → 'Gaseoso'). */
export const CHOICE_ENUMS: Record<string, string> = { die_type: 'dieType', process: 'nitridingProcess' };

/**
 * One value under review: its label with the unit and the confidence of what was read, the label
 * printed on the document as the hint, the input as people type it (decimal comma, dd/mm/aaaa),
 * outlined when it asks to be looked at. A die value offers the catalogue's best candidates.
 */
export function ReviewField({
  fieldRef,
  control,
  readOnly,
  active,
  attention,
  candidates,
  newCopyNote,
  onActivate,
}: {
  fieldRef: ReviewFieldRef;
  control: Control<ReviewFormValues>;
  readOnly: boolean;
  active: boolean;
  attention: Attention | null;
  candidates: readonly DieCandidate[];
  newCopyNote: boolean;
  onActivate: (path: string) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const { spec, extracted, path } = fieldRef;
  const label = `${t(`uploads.fields.${spec.key}`, { defaultValue: spec.label })}${spec.unit ? ` (${spec.unit})` : ''}`;
  const hint = extracted?.label ? t('uploads.printedAs', { label: extracted.label }) : extracted?.value ? undefined : t('uploads.notFound');
  const enumList = CHOICE_ENUMS[spec.key];

  return (
    <Controller
      name={path as `fields.${string}`}
      control={control}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const activate = () => onActivate(path);
        return (
          <div
            className={mergeClasses(styles.wrap, !!attention && !readOnly && styles.attention, active && styles.active)}
            data-testid={`field-${path}`}
            data-attention={attention ?? undefined}
            onClick={activate}
          >
            <Field
              label={{
                children: (
                  <span className={styles.label}>
                    {label}
                    {extracted && extracted.value !== null ? <ConfidenceBadge confidence={extracted.confidence} size="small" /> : null}
                  </span>
                ),
              }}
              required={spec.required}
              validationMessage={fieldState.error?.message}
              validationState={fieldState.error ? 'error' : 'none'}
              hint={hint}
            >
              {spec.kind === 'choice' ? (
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={value}
                  disabled={readOnly}
                  onFocus={activate}
                  onBlur={field.onBlur}
                  onChange={(_, data) => field.onChange(data.value)}
                >
                  <option value="">—</option>
                  {(spec.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {enumList ? t(`enums.${enumList}.${i18nKey(option)}`, { defaultValue: option }) : option}
                    </option>
                  ))}
                  {value !== '' && !(spec.options ?? []).includes(value) ? <option value={value}>{value}</option> : null}
                </Select>
              ) : (
                <Input
                  ref={field.ref}
                  name={field.name}
                  value={value}
                  readOnly={readOnly}
                  inputMode={spec.kind === 'number' ? 'decimal' : spec.kind === 'integer' ? 'numeric' : undefined}
                  placeholder={spec.kind === 'date' ? 'dd/mm/aaaa' : spec.kind === 'die' ? '4521-2' : undefined}
                  autoComplete="off"
                  onFocus={activate}
                  onBlur={field.onBlur}
                  onChange={(_, data) => field.onChange(data.value)}
                />
              )}
            </Field>
            {spec.kind === 'die' && !readOnly ? (
              <>
                {candidates.length > 0 ? (
                  <div className={styles.candidates} role="group" aria-label={t('uploads.candidates')}>
                    {candidates.slice(0, 3).map((candidate) => (
                      <Button
                        key={candidate.die_id}
                        size="small"
                        appearance={candidate.label === value ? 'primary' : 'outline'}
                        aria-pressed={candidate.label === value}
                        onClick={(event) => {
                          event.stopPropagation();
                          field.onChange(candidate.label);
                          activate();
                        }}
                      >
                        {t('uploads.candidate', {
                          label: candidate.label,
                          state: t(`enums.dieState.${i18nKey(candidate.state)}`, { defaultValue: candidate.state }),
                          score: format.percent(candidate.score),
                        })}
                      </Button>
                    ))}
                  </div>
                ) : null}
                {newCopyNote ? (
                  <Text size={200} className={styles.note}>
                    {t('uploads.newCopyNote')}
                  </Text>
                ) : null}
              </>
            ) : null}
          </div>
        );
      }}
    />
  );
}
