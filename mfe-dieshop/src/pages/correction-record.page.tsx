import {
  Badge,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  CORRECTION_TRANSITIONS,
  correctionDefectResource,
  correctionEndpoints,
  correctionReportRoute,
  type CorrectionRecordDetail,
  type CorrectionRecordUpdate,
  type CorrectionStatus,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, Facts, ShareButton, showSnackbar, useCan, useFormat } from '@planta/ui';
import { CorrectionCanvasSlot } from '../components/correction-canvas-slot';
import { CorrectionStatusBadge, EffectivenessBadge, SeverityBadge, TrialResultBadge, useCorrectionNames } from '../components/correction-badges';
import { CorrectionDiscussion } from '../components/correction-discussion';
import { CorrectionFields, useCatalogue, useDieContext } from '../components/correction-fields';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { CORRECTION_FORM_FIELDS, correctionFormValues, correctionRecordPath, correctionResolver, type CorrectionFormValues } from './correction.model';
import { dieSummaryPath } from './die-copy.model';
import { RecordPage, RecordSection, useIsSharedView, useRecord } from './record-view';

registerDieshopTexts(correctionTexts);

const useStyles = makeStyles({
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  scroll: { overflowX: 'auto' },
  description: { whiteSpace: 'pre-wrap' },
});

/** The attempts a record may get a new one in (the API says why not otherwise). */
const ATTEMPT_STATES: readonly CorrectionStatus[] = ['assigned', 'in_correction'];

/**
 * Spec 2.2 /apps/correction-record/:id (and its share link `/:token`, read only): the
 * non-conformity of one die copy — its header, its data (editable with the update grant), the
 * marking canvas, the corrector's attempts, the discussion with @mentions, the share link and the
 * moves its state allows, each refused by the API with its reason when it cannot be made.
 */
export default function CorrectionRecordPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const id = Number(useParams().id);
  const record = useRecord(useCallback(() => call(correctionEndpoints.record, { params: { id } }), [id]));
  return (
    <RecordPage record={record} title={(value) => t('correctionRecord.title', { number: value.number })}>
      {(value) => <CorrectionRecordView key={`${value.id}:${value.version}`} initial={value} />}
    </RecordPage>
  );
}

function CorrectionRecordView({ initial }: { initial: CorrectionRecordDetail }) {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const styles = useStyles();
  const format = useFormat();
  const names = useCorrectionNames();
  const navigate = useNavigate();
  const shared = useIsSharedView();
  const [detail, setDetail] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mayEdit = useCan(correctionEndpoints.update) && !shared;
  const mayMove = useCan(correctionEndpoints.boardMove) && !shared;
  const mayAttempt = useCan(correctionEndpoints.reportCreate) && !shared && ATTEMPT_STATES.includes(detail.status);
  const moves = mayMove ? CORRECTION_TRANSITIONS[detail.status] : [];

  const move = async (to: CorrectionStatus) => {
    setBusy(true);
    setRefusal(null);
    try {
      await call(correctionEndpoints.boardMove, { body: { id: detail.id, to, version: detail.version } });
      setDetail(await call(correctionEndpoints.record, { params: { id: detail.id } }));
      showSnackbar({ message: t('correctionRecord.moved', { status: names.status(to) }), variant: 'success', autoHideMs: 2000 });
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const newAttempt = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const report = await call(correctionEndpoints.reportCreate, { body: { correction_record_id: detail.id } });
      navigate(correctionReportRoute(report));
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  };

  const dieText = detail.die.label;
  return (
    <>
      <Card>
        <div className={styles.header}>
          <div className={styles.chips}>
            <span data-testid="correction-status">
              <CorrectionStatusBadge status={detail.status} />
            </span>
            {detail.status === 'draft' && detail.auto_draft ? <Badge appearance="outline">{t('correction.autoDraft')}</Badge> : null}
            <SeverityBadge severity={detail.severity} />
            <EffectivenessBadge effectiveness={detail.effectiveness} />
            {detail.overdue ? (
              <Badge appearance="filled" color="danger">
                {t('correction.overdue')}
              </Badge>
            ) : null}
          </div>
          <Facts
            items={[
              [t('correction.fields.number'), detail.number],
              [t('correction.fields.die'), shared ? dieText : <RouterLink to={dieSummaryPath(detail.die.id)}>{dieText}</RouterLink>],
              [t('correction.fields.profile'), detail.die.profile_code ?? '—'],
              [t('correction.fields.origin'), names.origin(detail.origin)],
              // A share link without names shows that someone is assigned, not who.
              [t('correction.fields.corrector'), detail.corrector_name ?? (detail.assigned_corrector_id === null ? t('correction.noCorrector') : '—')],
              [t('correction.fields.due'), detail.due_at ? format.date(detail.due_at) : '—'],
              [t('correction.fields.effectiveness'), names.effectiveness(detail.effectiveness)],
              [t('correction.fields.openedAt'), format.dateTime(detail.opened_at)],
              [t('correction.fields.createdBy'), detail.created_by_name ?? '—'],
              ...(detail.closed_at ? ([[t('correction.fields.closedAt'), format.dateTime(detail.closed_at)]] as const) : []),
            ]}
          />
          {!shared ? (
            <div className={styles.actions}>
              {moves.length > 0 ? <Text weight="semibold">{t('correctionRecord.moves')}</Text> : null}
              {moves.map((to) => (
                <Button key={to} disabled={busy} onClick={() => void move(to)}>
                  {names.status(to)}
                </Button>
              ))}
              {mayEdit ? (
                <ShareButton
                  type="correction-record"
                  id={detail.id}
                  path={(token) => `${correctionRecordPath(detail.id)}/${token}`}
                  title={t('correctionRecord.shareTitle')}
                  hint={(date) => t('correctionRecord.shareHint', { date })}
                  discussion
                />
              ) : null}
              {busy ? <Spinner size="tiny" /> : null}
            </div>
          ) : null}
          {refusal ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{refusal}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
      </Card>

      <RecordSection title={t('correctionRecord.data')}>
        {mayEdit ? <NonConformityForm detail={detail} onSaved={setDetail} /> : <NonConformityFacts detail={detail} />}
      </RecordSection>

      <CorrectionCanvasSlot recordId={detail.id} canvas={detail.canvas} drawingUrl={detail.drawing_url} shared={shared} />

      <RecordSection title={t('correctionRecord.attempts')}>
        {mayAttempt ? (
          <div>
            <Button icon={<AddRegular />} disabled={busy} onClick={() => void newAttempt()}>
              {t('correctionRecord.newAttempt')}
            </Button>
          </div>
        ) : null}
        {detail.reports.length === 0 ? (
          <Text>{t('correctionRecord.noAttempts')}</Text>
        ) : (
          <div className={styles.scroll}>
            <Table aria-label={t('correctionRecord.attempts')} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('correctionReport.attempt')}</TableHeaderCell>
                  <TableHeaderCell>{t('correction.fields.corrector')}</TableHeaderCell>
                  <TableHeaderCell>{t('correctionReport.operations')}</TableHeaderCell>
                  <TableHeaderCell>{t('correctionReport.hours')}</TableHeaderCell>
                  <TableHeaderCell>{t('correctionReport.trialRun')}</TableHeaderCell>
                  <TableHeaderCell>{t('correctionReport.trial')}</TableHeaderCell>
                  <TableHeaderCell>{t('correctionReport.startedAt')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {detail.reports.map((report) => (
                  <TableRow key={report.id}>
                    <TableCell>
                      {/* A share link opens this record only: its attempts are not linked. */}
                      {shared ? (
                        t('correctionRecord.attemptNo', { n: report.attempt_no })
                      ) : (
                        <RouterLink to={correctionReportRoute(report)}>{t('correctionRecord.attemptNo', { n: report.attempt_no })}</RouterLink>
                      )}
                    </TableCell>
                    <TableCell>{report.corrector_name ?? '—'}</TableCell>
                    <TableCell>{t('correctionRecord.operationsCount', { count: report.operations.length })}</TableCell>
                    <TableCell>{report.hours === null ? '—' : format.number(report.hours)}</TableCell>
                    <TableCell>{report.trial_order_number ?? '—'}</TableCell>
                    <TableCell>
                      <TrialResultBadge result={report.trial_result} />
                    </TableCell>
                    <TableCell>{format.dateTime(report.started_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </RecordSection>

      <CorrectionDiscussion
        target={{ correction_record_id: detail.id }}
        comments={detail.comments}
        people={detail.people?.mentionable ?? null}
        readOnly={shared}
      />
    </>
  );
}

/** The non-conformity read only: a guest, or without the update grant. */
function NonConformityFacts({ detail }: { detail: CorrectionRecordDetail }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const format = useFormat();
  const names = useCorrectionNames();
  const mm = (value: number | null) => (value === null ? '—' : `${format.number(value)} mm`);
  return (
    <Card>
      <Facts
        items={[
          [t('correction.fields.run'), detail.order_number ?? t('correction.noRun')],
          [t('correction.fields.defect'), detail.defect_name ?? '—'],
          [t('correction.fields.dimension'), detail.dimension_label ?? '—'],
          [t('correction.fields.measured'), mm(detail.measured_mm)],
          [t('correction.fields.nominal'), mm(detail.nominal_mm)],
          [t('correction.fields.tolMinus'), mm(detail.tol_minus)],
          [t('correction.fields.tolPlus'), mm(detail.tol_plus)],
          [t('correction.fields.severity'), names.severity(detail.severity)],
          [t('correction.fields.description'), <span className={styles.description}>{detail.description}</span>],
        ]}
      />
    </Card>
  );
}

/** The non-conformity's data for those with the update grant: the same fields as a new record, the die fixed. */
function NonConformityForm({ detail, onSaved }: { detail: CorrectionRecordDetail; onSaved: (saved: CorrectionRecordDetail) => void }) {
  const { t, i18n } = useTranslation([DIESHOP_NS, 'common']);
  const styles = useStyles();
  const language = i18n.resolvedLanguage ?? 'es';
  const resolver = useMemo(() => correctionResolver('update'), []);
  const form = useForm<CorrectionFormValues, unknown, CorrectionRecordUpdate>({
    mode: 'onTouched',
    resolver,
    defaultValues: correctionFormValues(detail, language),
  });
  const { control, setValue, setError, formState, reset } = form;
  const dieId = useWatch({ control, name: 'die_id' });
  const context = useDieContext(dieId);
  const defects = useCatalogue(correctionDefectResource, [detail.defect_id]);
  const correctors = detail.people?.correctors ?? [];

  const submit = form.handleSubmit(async (values) => {
    try {
      // Only what changed: the record's log names the edited fields.
      const changed = CORRECTION_FORM_FIELDS.filter((name) => formState.dirtyFields[name]);
      const patch = Object.fromEntries(changed.map((name) => [name, (values as Record<string, unknown>)[name]])) as CorrectionRecordUpdate;
      const saved = await call(correctionEndpoints.update, { params: { id: detail.id }, body: patch });
      reset(correctionFormValues(saved, language));
      onSaved(saved);
      showSnackbar({ message: t('correctionRecord.saved'), variant: 'success', autoHideMs: 2000 });
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, CORRECTION_FORM_FIELDS);
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
      <CorrectionFields control={control} setValue={setValue} context={context} defects={defects} correctors={correctors} />
      <div className={styles.buttons}>
        <Button type="button" disabled={!formState.isDirty} onClick={() => reset()}>
          {t('correctionRecord.cancel')}
        </Button>
        <Button type="submit" appearance="primary" disabled={!formState.isDirty || formState.isSubmitting}>
          {t('correctionRecord.save')}
        </Button>
      </div>
    </form>
  );
}
