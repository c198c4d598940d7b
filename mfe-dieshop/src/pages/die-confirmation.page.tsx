import { Badge, Button, Card, MessageBar, MessageBarBody, makeStyles, Subtitle2 } from '@fluentui/react-components';
import { BroomRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CONDITION_SUGGESTS,
  dieConfirmationCreateSchema,
  dieConfirmationEndpoints,
  PULL_REASONS,
  RUN_CONDITIONS,
  type DieConfirmationCreate,
  type DieRunToConfirm,
  type PullReason,
  type RunCondition,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  AreaLanding,
  currentLanguage,
  Facts,
  FormNumberField,
  FormPage,
  FormSection,
  FormSelect,
  FormTextField,
  i18nKey,
  inputNumber,
  ResourceList,
  showSnackbar,
  useCan,
  useFormat,
  usePageName,
  useRecordLoad,
  withDecimalFields,
  type ListFilter,
  type ResourceColumn,
} from '@planta/ui';
import { registerDieshopTexts } from '../i18n';
import { dieConfirmationTexts } from '../i18n/die-confirmation.texts';
import { CLEANING_PATH, CONFIRMATION_PATH } from './aftercare.paths';

registerDieshopTexts(dieConfirmationTexts);

const dieLabel = (run: Pick<DieRunToConfirm, 'die_reference' | 'copy_number'>) => `${run.die_reference}-${run.copy_number}`;

/** What the form holds: typed text for numbers (read by the resolver). */
interface ConfirmationValues {
  billets: string;
  billet_kg: string;
  good_kg: string;
  scrap_kg: string;
  condition: RunCondition;
  pull_reason: PullReason | '';
  notes: string;
}
const NUMBERS = ['billets', 'billet_kg', 'good_kg', 'scrap_kg'] as const;

/** Prefilled from the run (or, once confirmed, what was confirmed). */
function valuesOf(run: DieRunToConfirm): ConfirmationValues {
  const number = (value: number | null) => inputNumber(value, currentLanguage());
  const saved = run.confirmation;
  return {
    billets: number(saved?.billets ?? run.billets_pushed),
    billet_kg: number(saved?.billet_kg ?? run.billet_kg),
    good_kg: number(saved?.good_kg ?? run.good_kg),
    scrap_kg: number(saved?.scrap_kg ?? run.scrap_kg),
    condition: saved?.condition ?? 'ok',
    pull_reason: saved?.pull_reason ?? '',
    notes: saved?.notes ?? '',
  };
}

/** The run's own figure of each confirmed number. */
const RUN_FIGURE: Record<(typeof NUMBERS)[number], keyof Pick<DieRunToConfirm, 'billets_pushed' | 'billet_kg' | 'good_kg' | 'scrap_kg'>> = {
  billets: 'billets_pushed',
  billet_kg: 'billet_kg',
  good_kg: 'good_kg',
  scrap_kg: 'scrap_kg',
};
/** A typed number as a number ('1708,6' or '1708.6'); NaN while it is not one. */
const typedNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

const EMPTY: ConfirmationValues = { billets: '', billet_kg: '', good_kg: '', scrap_kg: '', condition: 'ok', pull_reason: '', notes: '' };

const useStyles = makeStyles({
  // A die reference (EN-6020-1) is read whole: it does not break at its hyphens.
  reference: { whiteSpace: 'nowrap' },
  run: { padding: '16px', display: 'flex', flexDirection: 'column', gap: '12px' },
});

/** One ended run's confirmation (`/apps/die-confirm-production/<run id>`). */
function DieConfirmationForm({ id }: { id: string }) {
  const { t } = useTranslation(['dieshop', 'common']);
  const styles = useStyles();
  const format = useFormat();
  const navigate = useNavigate();
  const [run, setRun] = useState<DieRunToConfirm | null>(null);
  const resolver = useMemo(() => {
    const schemaResolver = withDecimalFields(
      zodResolver(dieConfirmationCreateSchema.omit({ order_die_id: true }) as never) as unknown as Resolver<
        ConfirmationValues,
        unknown,
        Omit<DieConfirmationCreate, 'order_die_id'>
      >,
      NUMBERS,
    );
    return schemaResolver;
  }, []);
  const form = useForm<ConfirmationValues, unknown, Omit<DieConfirmationCreate, 'order_die_id'>>({ defaultValues: EMPTY, resolver, mode: 'onTouched' });
  const { control, handleSubmit, reset, setError } = form;
  const load = useRecordLoad<DieRunToConfirm>(dieConfirmationEndpoints.run, id, false, (loaded) => {
    setRun(loaded);
    reset(valuesOf(loaded));
  });
  const mayConfirm = useCan(dieConfirmationEndpoints.confirm);
  const condition = useWatch({ control, name: 'condition' });
  const typed = useWatch({ control, name: NUMBERS });
  // Prefilled from the run: a figure typed differently says what the run had.
  const changedHint = (index: number) => {
    const name = NUMBERS[index];
    const fromRun = run?.[RUN_FIGURE[name]];
    if (fromRun === null || fromRun === undefined || typedNumber(typed[index] ?? '') === fromRun) return undefined;
    return t('dieshop:dieConfirmation.changedFrom', { value: format.number(fromRun, name === 'billets' ? 0 : 1) });
  };
  const confirmed = run?.confirmation ?? null;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await call(dieConfirmationEndpoints.confirm, { body: { ...values, order_die_id: Number(id) } });
      setRun(saved);
      reset(valuesOf(saved));
      showSnackbar({ message: t(saved.die_state === 'cleaning' ? 'dieshop:dieConfirmation.saved' : 'dieshop:dieConfirmation.savedStays'), variant: 'success' });
    } catch (error) {
      if (applyServerFieldErrors(error, setError).length === 0) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  const page = {
    ...load,
    isNew: false,
    form,
    submit: () => submit(),
    cancel: () => navigate(`${CONFIRMATION_PATH}/all`),
    remove: async () => undefined,
    canSave: mayConfirm && run !== null && confirmed === null,
    canDelete: false,
  };
  const options = (list: readonly string[], name: string) => list.map((value) => ({ value, label: t(`dieshop:enums.${name}.${i18nKey(value)}`) }));
  // A run's time as people read it ('1 h 15 min', not '1,25 h').
  const hours = (value: number) => format.hoursDuration(value);

  return (
    <FormPage
      title={run ? t('dieshop:dieConfirmation.title', { die: dieLabel(run), order: run.order_number }) : t('dieshop:dieConfirmation.listTitle')}
      page={page}
      actions={
        run && run.die_state === 'cleaning' ? (
          <Button icon={<BroomRegular />} onClick={() => navigate(`${CLEANING_PATH}/${run.die_id}`)}>
            {t('dieshop:dieConfirmation.toCleaning')}
          </Button>
        ) : null
      }
    >
      {run ? (
        <Card className={styles.run}>
          <Subtitle2 as="h2">{t('dieshop:dieConfirmation.run')}</Subtitle2>
          <Facts
            items={[
              [t('dieshop:dieConfirmation.die'), dieLabel(run)],
              [t('dieshop:dieConfirmation.order'), run.order_number],
              [t('dieshop:dieConfirmation.profile'), run.profile || '—'],
              [t('dieshop:dieConfirmation.line'), run.line_name],
              [t('dieshop:dieConfirmation.started'), format.dateTime(run.start_extrusion_time)],
              [t('dieshop:dieConfirmation.ended'), format.dateTime(run.end_extrusion_time)],
              [t('dieshop:dieConfirmation.duration'), hours(run.hours)],
              [t('dieshop:dieConfirmation.startedBy'), run.started_by_name ?? '—'],
              [t('dieshop:dieConfirmation.dieState'), t(`dieshop:enums.dieState.${i18nKey(run.die_state)}`)],
            ]}
          />
          <span>
            {t('dieshop:dieConfirmation.fromRun', {
              billets: format.number(run.billets_pushed, 0),
              kg: format.number(run.billet_kg, 1),
              good: format.number(run.good_kg, 1),
              scrap: format.number(run.scrap_kg, 1),
            })}
          </span>
          {confirmed ? (
            <Badge appearance="tint" color="success" size="large">
              {t('dieshop:dieConfirmation.done', { name: confirmed.confirmed_by_name ?? '—', at: format.dateTime(confirmed.confirmed_at) })}
            </Badge>
          ) : run.die_state === 'press' ? (
            <MessageBar intent="info">
              <MessageBarBody>{t(run.die_running ? 'dieshop:dieConfirmation.staysHint' : 'dieshop:dieConfirmation.toCleaningHint')}</MessageBarBody>
            </MessageBar>
          ) : null}
        </Card>
      ) : null}
      <FormSection title={t('dieshop:dieConfirmation.figures')}>
        <FormNumberField control={control} name="billets" label={t('dieshop:dieConfirmation.billets')} required hint={changedHint(0)} />
        <FormNumberField control={control} name="billet_kg" label={t('dieshop:dieConfirmation.billetKg')} required hint={changedHint(1)} />
        <FormNumberField control={control} name="good_kg" label={t('dieshop:dieConfirmation.goodKg')} required hint={changedHint(2)} />
        <FormNumberField control={control} name="scrap_kg" label={t('dieshop:dieConfirmation.scrapKg')} required hint={changedHint(3)} />
      </FormSection>
      <FormSection title={t('dieshop:dieConfirmation.outcome')}>
        <FormSelect
          control={control}
          name="condition"
          label={t('dieshop:dieConfirmation.condition')}
          required
          options={options(RUN_CONDITIONS, 'runCondition')}
        />
        <FormSelect
          control={control}
          name="pull_reason"
          label={t('dieshop:dieConfirmation.pullReason')}
          required
          options={options(PULL_REASONS, 'pullReason')}
        />
        <FormTextField control={control} name="notes" label={t('dieshop:dieConfirmation.notes')} multiline />
      </FormSection>
      {!confirmed && condition && CONDITION_SUGGESTS[condition] !== 'ok' ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('dieshop:dieConfirmation.suggestion')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </FormPage>
  );
}

/** The ended runs waiting for their confirmation (oldest first), or the confirmed ones with who confirmed them. */
function DieConfirmationList() {
  const { t } = useTranslation(['dieshop', 'common']);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('die-production-confirmation');
  const styles = useStyles();
  const format = useFormat();
  const columns = useMemo<ResourceColumn<DieRunToConfirm>[]>(
    () => [
      {
        key: 'die',
        label: t('dieshop:dieConfirmation.die'),
        width: 14,
        render: (row) => <span className={styles.reference}>{dieLabel(row)}</span>,
        exportValue: dieLabel,
      },
      { key: 'order_number', label: t('dieshop:dieConfirmation.order'), width: 14 },
      { key: 'line_name', label: t('dieshop:dieConfirmation.line'), width: 20 },
      {
        key: 'end_extrusion_time',
        label: t('dieshop:dieConfirmation.ended'),
        render: (row) => format.dateTime(row.end_extrusion_time),
        exportValue: (row) => new Date(row.end_extrusion_time),
      },
      {
        key: 'hours',
        label: t('dieshop:dieConfirmation.hours'),
        render: (row) => format.number(row.hours, 2),
        exportValue: (row) => row.hours,
        priority: 3,
      },
      {
        key: 'billets_pushed',
        label: t('dieshop:dieConfirmation.billets'),
        render: (row) => format.number(row.confirmation?.billets ?? row.billets_pushed, 0),
        exportValue: (row) => row.confirmation?.billets ?? row.billets_pushed,
      },
      {
        key: 'billet_kg',
        label: t('dieshop:dieConfirmation.billetKg'),
        render: (row) => format.number(row.confirmation?.billet_kg ?? row.billet_kg, 1),
        exportValue: (row) => row.confirmation?.billet_kg ?? row.billet_kg,
      },
      {
        key: 'scrap_kg',
        label: t('dieshop:dieConfirmation.scrapKg'),
        render: (row) => format.number(row.confirmation?.scrap_kg ?? row.scrap_kg, 1),
        exportValue: (row) => row.confirmation?.scrap_kg ?? row.scrap_kg,
        priority: 3,
      },
      {
        key: 'confirmed_by',
        label: t('dieshop:dieConfirmation.confirmedBy'),
        width: 22,
        render: (row) =>
          row.confirmation
            ? `${row.confirmation.confirmed_by_name ?? '—'} · ${format.dateTime(row.confirmation.confirmed_at)}`
            : t('dieshop:dieConfirmation.pending'),
        exportValue: (row) => row.confirmation?.confirmed_by_name ?? '',
      },
    ],
    [t, format, styles],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        key: 'status',
        label: t('dieshop:dieConfirmation.status'),
        type: 'choice',
        options: [
          { value: 'pending', label: t('dieshop:dieConfirmation.pending') },
          { value: 'confirmed', label: t('dieshop:dieConfirmation.confirmed') },
        ],
      },
    ],
    [t],
  );
  return (
    <ResourceList<DieRunToConfirm>
      list={dieConfirmationEndpoints.all}
      basePath={CONFIRMATION_PATH}
      title={pageName}
      emptyText={t('dieshop:dieConfirmation.empty')}
      exportName="confirmacion-de-produccion"
      columns={columns}
      filters={filters}
      defaultPageSize={25}
    />
  );
}

/** `/apps/die-confirm-production/:id` — `all` the list, a run's id its confirmation. */
export default function DieConfirmationPage() {
  const { id = '' } = useParams();
  if (id === 'all') return <DieConfirmationList />;
  if (/^\d+$/.test(id)) return <DieConfirmationForm key={id} id={id} />;
  return <AreaLanding alias="die-production-confirmation" />;
}
