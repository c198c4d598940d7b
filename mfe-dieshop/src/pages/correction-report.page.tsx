import {
  Button,
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  correctionEndpoints,
  correctionOperationResource,
  correctionReportRoute,
  correctionReportUpdateSchema,
  type CorrectionReportDetail,
  type CorrectionReportUpdate,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  Facts,
  FormNumberField,
  FormSection,
  FormSelect,
  FormTextField,
  inputNumber,
  ShareButton,
  showSnackbar,
  useCan,
  useFormat,
  withDecimalFields,
} from '@planta/ui';
import { CorrectionCanvasSlot } from '../components/correction-canvas-slot';
import { CorrectionStatusBadge, TrialResultBadge, useCorrectionNames } from '../components/correction-badges';
import { CorrectionDiscussion } from '../components/correction-discussion';
import { useCatalogue, useDieContext } from '../components/correction-fields';
import { DimensionComparison } from '../components/dimension-comparison';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { correctionRecordPath } from './correction.model';
import { dieSummaryPath } from './die-copy.model';
import { RecordPage, RecordSection, useIsSharedView, useRecord } from './record-view';

registerDieshopTexts(correctionTexts);

const useStyles = makeStyles({
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  operation: {
    display: 'grid',
    // One line per operation: what, where, how much, a note, and its remove button (an auto-fill
    // repetition cannot sit beside an 'auto' track: the browser dropped the rule and stacked them).
    gridTemplateColumns: 'minmax(150px, 1.3fr) minmax(120px, 1fr) minmax(90px, 0.7fr) minmax(120px, 1fr) auto',
    '@media (max-width: 720px)': { gridTemplateColumns: '1fr 1fr' },
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  scroll: { overflowX: 'auto' },
  text: { whiteSpace: 'pre-wrap' },
});

/**
 * Spec 2.2 /apps/correction-report/:id/:correctionId (and its share link `/:token`, read only): one
 * attempt of the corrector on a record — the operations done, hours, findings and the trial run;
 * the trial's result; the dimension's checks before and after; the canvas; the discussion.
 */
export default function CorrectionReportPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const params = useParams();
  const id = Number(params.id);
  const record = useRecord(useCallback(() => call(correctionEndpoints.report, { params: { id } }), [id]));
  return (
    <RecordPage record={record} title={(value) => t('correctionReport.title', { n: value.attempt_no, number: value.record.number })}>
      {(value) => <CorrectionReportView key={value.id} initial={value} linkedRecordId={params.correctionId} />}
    </RecordPage>
  );
}

function CorrectionReportView({ initial, linkedRecordId }: { initial: CorrectionReportDetail; linkedRecordId: string | undefined }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const format = useFormat();
  const shared = useIsSharedView();
  const [report, setReport] = useState(initial);
  const current = report.record.current_attempt?.id === report.id;
  const mayWork = useCan(correctionEndpoints.reportUpdate) && !shared && current && report.trial_result === 'pending';
  const mayShare = useCan(correctionEndpoints.reportUpdate) && !shared;

  return (
    <>
      {String(report.correction_record_id) !== linkedRecordId ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('correctionReport.mismatch')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Card>
        <div className={styles.header}>
          <div className={styles.chips}>
            <CorrectionStatusBadge status={report.record.status} />
            <span data-testid="trial-result">
              <TrialResultBadge result={report.trial_result} />
            </span>
          </div>
          <Facts
            items={[
              [t('correctionReport.attempt'), String(report.attempt_no)],
              [
                t('correctionReport.record'),
                shared ? report.record.number : <RouterLink to={correctionRecordPath(report.record.id)}>{report.record.number}</RouterLink>,
              ],
              [t('correction.fields.die'), shared ? report.die.label : <RouterLink to={dieSummaryPath(report.die.id)}>{report.die.label}</RouterLink>],
              [t('correction.fields.defect'), report.record.defect_name ?? '—'],
              // A share link without names shows that someone corrects, not who.
              [t('correction.fields.corrector'), report.corrector_name ?? (report.corrector_id === null ? t('correction.noCorrector') : '—')],
              [t('correctionReport.startedAt'), format.dateTime(report.started_at)],
              [t('correctionReport.finishedAt'), format.dateTime(report.finished_at)],
            ]}
          />
          {mayShare ? (
            <div className={styles.actions}>
              <ShareButton
                type="correction-report"
                id={report.id}
                path={(token) => `${correctionReportRoute(report)}/${token}`}
                title={t('correctionReport.shareTitle')}
                hint={(date) => t('correctionReport.shareHint', { date })}
                discussion
              />
            </div>
          ) : null}
        </div>
      </Card>

      <RecordSection title={t('correctionReport.work')}>
        {mayWork ? <AttemptForm report={report} onSaved={setReport} /> : <AttemptFacts report={report} />}
      </RecordSection>

      <RecordSection title={t('correctionReport.trial')}>
        <TrialDecision report={report} onDecided={setReport} />
      </RecordSection>

      <RecordSection title={t('correctionReport.comparison')}>
        <DimensionComparison comparison={report.comparison} />
      </RecordSection>

      <CorrectionCanvasSlot recordId={report.record.id} canvas={report.canvas} drawingUrl={report.drawing_url} shared={shared} />

      <CorrectionDiscussion
        target={{ correction_report_id: report.id }}
        comments={report.comments}
        people={report.people?.mentionable ?? null}
        readOnly={shared}
      />
    </>
  );
}

/** The attempt's work read only: a guest, a decided or older attempt, or without the grant. */
function AttemptFacts({ report }: { report: CorrectionReportDetail }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const format = useFormat();
  return (
    <>
      {report.operations.length === 0 ? (
        <Text>{t('correctionReport.noOperations')}</Text>
      ) : (
        <div className={styles.scroll}>
          <Table aria-label={t('correctionReport.operations')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('correctionReport.operation')}</TableHeaderCell>
                <TableHeaderCell>{t('correctionReport.zone')}</TableHeaderCell>
                <TableHeaderCell>{t('correctionReport.amount')}</TableHeaderCell>
                <TableHeaderCell>{t('correctionReport.note')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.operations.map((operation, index) => (
                <TableRow key={index}>
                  <TableCell>{operation.operation_name}</TableCell>
                  <TableCell>{operation.zone || '—'}</TableCell>
                  <TableCell>{operation.amount || '—'}</TableCell>
                  <TableCell>{operation.note || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Card>
        <Facts
          items={[
            [t('correctionReport.hours'), report.hours === null ? '—' : format.number(report.hours)],
            [t('correctionReport.trialRun'), report.trial_order_number ?? t('correctionReport.noTrialRun')],
            [t('correctionReport.findings'), <span className={styles.text}>{report.findings || '—'}</span>],
          ]}
        />
      </Card>
    </>
  );
}

interface AttemptFormValues {
  operations: { operation_id: number | null; zone: string; amount: string; note: string }[];
  hours: string;
  findings: string;
  trial_order_die_id: number | null;
}

const attemptValues = (report: CorrectionReportDetail, language: string): AttemptFormValues => ({
  operations: report.operations.map(({ operation_id, zone, amount, note }) => ({ operation_id, zone, amount, note })),
  hours: inputNumber(report.hours, language),
  findings: report.findings,
  trial_order_die_id: report.trial_order_die_id,
});

/** The attempt's schema after the typed hours are read (`1,5` → 1.5); empty hours are none. */
const attemptResolver = (): Resolver<AttemptFormValues, unknown, CorrectionReportUpdate> => {
  const resolver = zodResolver(correctionReportUpdateSchema as never) as unknown as Resolver<AttemptFormValues, unknown, CorrectionReportUpdate>;
  return withDecimalFields<AttemptFormValues, unknown, CorrectionReportUpdate>(
    (values, context, options) => resolver({ ...values, hours: (values.hours === '' ? null : values.hours) as string }, context, options),
    ['hours'],
  );
};

/** The corrector's work on the current attempt: the operations (from the catalogue, with zone and amount), hours, findings and the trial run. */
function AttemptForm({ report, onSaved }: { report: CorrectionReportDetail; onSaved: (saved: CorrectionReportDetail) => void }) {
  const { t, i18n } = useTranslation([DIESHOP_NS, 'common']);
  const styles = useStyles();
  const format = useFormat();
  const language = i18n.resolvedLanguage ?? 'es';
  const resolver = useMemo(attemptResolver, []);
  const form = useForm<AttemptFormValues, unknown, CorrectionReportUpdate>({ mode: 'onTouched', resolver, defaultValues: attemptValues(report, language) });
  const { control, formState, reset, setError } = form;
  const operations = useFieldArray({ control, name: 'operations' });
  const catalogue = useCatalogue(
    correctionOperationResource,
    report.operations.map((operation) => operation.operation_id),
  );
  const context = useDieContext(report.die.id);
  // The trial run is a run of the die after the attempt started.
  const runs = (context?.runs ?? [])
    .filter((run) => run.start >= report.started_at || run.id === report.trial_order_die_id)
    .map((run) => ({ value: run.id, label: `${run.order_number} · ${run.line_name} · ${format.dateTime(run.start)}` }));

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(correctionEndpoints.reportUpdate, { params: { id: report.id }, body: values });
      reset(attemptValues(saved, language));
      onSaved(saved);
      showSnackbar({ message: t('correctionReport.saved'), variant: 'success', autoHideMs: 2000 });
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError);
      showSnackbar({ message: applied.length ? t('common:form.reviewFields') : errorMessage(error), variant: 'error' });
    }
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormSection title={t('correctionReport.operations')}>
        {operations.fields.length === 0 ? <Text>{t('correctionReport.noOperations')}</Text> : null}
      </FormSection>
      {operations.fields.map((row, index) => (
        <div key={row.id} className={styles.operation} role="group" aria-label={`${t('correctionReport.operation')} ${index + 1}`}>
          <FormSelect
            control={control}
            name={`operations.${index}.operation_id`}
            numeric
            required
            label={t('correctionReport.operation')}
            options={catalogue}
          />
          <FormTextField control={control} name={`operations.${index}.zone`} label={t('correctionReport.zone')} />
          <FormTextField control={control} name={`operations.${index}.amount`} label={t('correctionReport.amount')} />
          <FormTextField control={control} name={`operations.${index}.note`} label={t('correctionReport.note')} />
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t('correctionReport.removeOperation', { n: index + 1 })}
            onClick={() => operations.remove(index)}
            style={{ marginTop: 24 }}
          />
        </div>
      ))}
      <div>
        <Button icon={<AddRegular />} onClick={() => operations.append({ operation_id: null, zone: '', amount: '', note: '' })}>
          {t('correctionReport.addOperation')}
        </Button>
      </div>
      <FormSection title={null}>
        <FormNumberField control={control} name="hours" label={t('correctionReport.hours')} />
        <FormSelect
          control={control}
          name="trial_order_die_id"
          numeric
          label={t('correctionReport.trialRun')}
          hint={t('correctionReport.trialRunHint')}
          placeholder={t('correctionReport.noTrialRun')}
          options={runs}
        />
        <FormTextField control={control} name="findings" multiline label={t('correctionReport.findings')} />
      </FormSection>
      <div className={styles.buttons}>
        <Button type="button" disabled={!formState.isDirty} onClick={() => reset()}>
          {t('correctionRecord.cancel')}
        </Button>
        <Button type="submit" appearance="primary" disabled={!formState.isDirty || formState.isSubmitting}>
          {t('correctionReport.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The trial's result: approved closes the record (with the effectiveness, proposed from the
 * comparison) and returns the die to stock; rejected opens the next attempt. Offered while the
 * record is in trial; the API's refusal is shown as it says it.
 */
function TrialDecision({ report, onDecided }: { report: CorrectionReportDetail; onDecided: (report: CorrectionReportDetail) => void }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const names = useCorrectionNames();
  const shared = useIsSharedView();
  const mayDecide = useCan(correctionEndpoints.reportTrial) && !shared && report.trial_result === 'pending' && report.record.status === 'in_trial';
  const [note, setNote] = useState('');
  const [effectiveness, setEffectiveness] = useState<'effective' | 'not_effective'>(report.comparison.proposed ?? 'effective');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (result: 'approved' | 'rejected') => {
    setBusy(true);
    setRefusal(null);
    try {
      const body = result === 'approved' ? { result, note, effectiveness } : { result, note };
      const decided = await call(correctionEndpoints.reportTrial, { params: { id: report.id }, body });
      onDecided(decided);
      showSnackbar({ message: t(result === 'approved' ? 'correctionReport.approved' : 'correctionReport.rejected'), variant: 'success' });
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.form}>
      {report.trial_result !== 'pending' || report.trial_note ? (
        <Card>
          <Facts
            items={[
              [t('correctionReport.trial'), names.trial(report.trial_result)],
              [t('correctionReport.trialNote'), <span className={styles.text}>{report.trial_note || '—'}</span>],
            ]}
          />
        </Card>
      ) : null}
      {mayDecide ? (
        <>
          <Field label={t('correctionReport.trialNote')}>
            <Textarea value={note} resize="vertical" onChange={(_, data) => setNote(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Field label={t('correction.fields.effectiveness')}>
              <Select value={effectiveness} onChange={(_, data) => setEffectiveness(data.value as 'effective' | 'not_effective')}>
                <option value="effective">{names.effectiveness('effective')}</option>
                <option value="not_effective">{names.effectiveness('not_effective')}</option>
              </Select>
            </Field>
            <Button appearance="primary" disabled={busy} onClick={() => void decide('approved')}>
              {t('correctionReport.approve')}
            </Button>
            <Button disabled={busy} onClick={() => void decide('rejected')}>
              {t('correctionReport.reject')}
            </Button>
          </div>
        </>
      ) : null}
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
