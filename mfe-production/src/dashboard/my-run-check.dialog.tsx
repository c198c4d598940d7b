import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner, Text } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { dieLabel, extrusionEndpoints, lateCheckSchema, orderEndpoints, type MyRun, type SavedDimensionRecord } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormNumberField, FormSelect, showSnackbar, useFormat, useToleranceHint, withDecimalFields } from '@planta/ui';

/** What is entered: a check of the current mark now, or a late answer of one of the run's missed marks. */
export interface CheckEntry {
  run: MyRun;
  late: boolean;
}

const DIMENSIONS = ['dimension_a', 'dimension_b'] as const;
// Mark chosen only for a late answer; A and B as the late check's (and the prompt's) values.
const entrySchema = lateCheckSchema.extend({ mark_at: z.string() });
type EntryValues = { mark_at: string; dimension_a: string; dimension_b: string };
type EntryOutput = z.infer<typeof entrySchema>;

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });

/**
 * 'Mi extrusión''s entry of a 10-minute check for one run (any run, not only the one the prompt
 * asks about), or of a missed mark answered late (stored with the mark it answers). Dimensions A
 * and B each show their profile's nominal and tolerance before typing.
 */
export function MyRunCheckDialog({ entry, onClose, onSaved }: { entry: CheckEntry | null; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const format = useFormat();
  const toleranceHint = useToleranceHint();
  const resolver = useMemo(
    () => withDecimalFields(zodResolver(entrySchema as never) as unknown as Resolver<EntryValues, unknown, EntryOutput>, DIMENSIONS),
    [],
  );
  const { control, handleSubmit, reset, setError, formState } = useForm<EntryValues, unknown, EntryOutput>({
    mode: 'onChange',
    resolver,
    defaultValues: { mark_at: '', dimension_a: '', dimension_b: '' },
  });
  const run = entry?.run ?? null;
  const late = entry?.late ?? false;
  const entryKey = entry ? `${entry.run.id}|${entry.late}` : '';

  useEffect(() => {
    // A late answer starts from the oldest missed mark; a check now from the current one (the server dates it).
    if (entry) reset({ mark_at: entry.late ? (entry.run.missed_marks[0] ?? '') : new Date().toISOString(), dimension_a: '', dimension_b: '' });
    // Only another entry starts the form again (the list reloading, which gives a new `entry`, does not).
  }, [entryKey, reset]);

  const save = handleSubmit(async ({ mark_at, dimension_a, dimension_b }) => {
    if (!run) return;
    try {
      const saved: SavedDimensionRecord[] = late
        ? await call(extrusionEndpoints.answerLate, { params: { orderDieId: run.id }, body: { mark_at, dimension_a, dimension_b } })
        : await call(orderEndpoints.saveDieCriticalDimension, {
            body: [
              { order_dies_id: run.id, dimension_text: 'DimensionA', dimension_value: dimension_a },
              { order_dies_id: run.id, dimension_text: 'DimensionB', dimension_value: dimension_b },
            ],
          });
      showSnackbar({
        message: t(late ? 'production:dashboard.myExtrusion.savedLate' : 'production:dashboard.myExtrusion.saved'),
        variant: 'success',
        autoHideMs: 2000,
      });
      const outside = saved.filter((record) => record.within_tolerance === false).map((record) => record.tolerance?.label ?? '');
      if (outside.length)
        showSnackbar({ message: t('production:dashboard.myExtrusion.outOfTolerance', { labels: outside.join(', ') }), variant: 'warning', autoHideMs: 15_000 });
      onSaved();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['mark_at', ...DIMENSIONS]).length) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  const markOptions = (run?.missed_marks ?? []).map((at) => ({ value: at, label: format.time(at) }));
  return (
    <Dialog open={entry !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        {run ? (
          <form onSubmit={save} noValidate aria-label={t(late ? 'production:dashboard.myExtrusion.lateTitle' : 'production:dashboard.myExtrusion.checkTitle')}>
            <DialogBody>
              <DialogTitle>{t(late ? 'production:dashboard.myExtrusion.lateTitle' : 'production:dashboard.myExtrusion.checkTitle')}</DialogTitle>
              <DialogContent className={styles.content}>
                <Text>
                  {t('production:dashboard.myExtrusion.entryRun', { number: run.order_number, line: run.line_name, die: dieLabel(run), profile: run.profile })}
                </Text>
                {late ? (
                  <>
                    <Text size={200}>{t('production:dashboard.myExtrusion.lateExplained')}</Text>
                    <FormSelect control={control} name="mark_at" required label={t('production:dashboard.myExtrusion.mark')} options={markOptions} />
                  </>
                ) : null}
                <FormNumberField
                  control={control}
                  name="dimension_a"
                  required
                  label={t('production:dashboard.myExtrusion.dimensionA')}
                  hint={toleranceHint('DimensionA', run.tolerances)}
                />
                <FormNumberField
                  control={control}
                  name="dimension_b"
                  required
                  label={t('production:dashboard.myExtrusion.dimensionB')}
                  hint={toleranceHint('DimensionB', run.tolerances)}
                />
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={onClose}>
                  {t('common:actions.close')}
                </Button>
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={!formState.isValid || formState.isSubmitting}
                  icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}
                >
                  {t('common:actions.save')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        ) : null}
      </DialogSurface>
    </Dialog>
  );
}
