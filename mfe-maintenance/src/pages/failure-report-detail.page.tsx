import {
  Badge,
  Body1,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Link,
  makeStyles,
  Select,
  Spinner,
  Text,
  Textarea,
  Title2,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  chatEndpoints,
  FAILURE_REPORT_TRANSITIONS,
  failureReportEndpoints,
  failureReportMessages,
  type FailureReportDetail,
  type FailureReportRow,
} from '@planta/contracts';
import { call, errorMessage, isApiRequestError } from '@planta/session';
import { ErrorCard, Facts, i18nKey, LoadingScreen, PhotoGallery, showSnackbar, useCan, useFormat } from '@planta/ui';
import '../i18n';
import { CORRECTIVE_PATH, MACHINE_SUMMARY_PATH, REPORTS_PATH, SEVERITY_COLORS, STATUS_COLORS } from './failure-report.shared';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1040px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  card: { padding: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  description: { whiteSpace: 'pre-wrap' },
  history: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});

type Decision = 'accept' | 'reject' | 'duplicate' | null;

/** /apps/failure-damage-report/:id: the report, its photos and stop; the leads' decisions. */
export default function FailureReportDetailPage({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation(['maintenance', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const [report, setReport] = useState<FailureReportDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision>(null);
  const may = {
    review: useCan(failureReportEndpoints.review),
    accept: useCan(failureReportEndpoints.accept),
    reject: useCan(failureReportEndpoints.reject),
    duplicate: useCan(failureReportEndpoints.duplicate),
  };

  const load = useCallback(() => {
    setLoadError(null);
    call(failureReportEndpoints.detail, { params: { id } }).then(setReport, (error: unknown) => setLoadError(errorMessage(error)));
  }, [id]);
  useEffect(load, [load]);

  if (loadError)
    return <ErrorCard title={t('maintenance:failureReport.listTitle')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={load} />;
  if (!report) return <LoadingScreen />;

  const moves = FAILURE_REPORT_TRANSITIONS[report.status];
  const review = async () => {
    try {
      setReport(await call(failureReportEndpoints.review, { params: { id } }));
      showSnackbar({ message: t('maintenance:failureReport.changed'), variant: 'success' });
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  };
  const where = report.machine_id ? (
    <Link
      as="a"
      href={MACHINE_SUMMARY_PATH(report.machine_id)}
      onClick={(event) => (event.preventDefault(), navigate(MACHINE_SUMMARY_PATH(report.machine_id!)))}
    >
      {report.machine_name}
    </Link>
  ) : (
    report.area
  );
  const facts: [string, React.ReactNode][] = [
    [t('maintenance:failureReport.machine'), where],
    [t('maintenance:failureReport.line'), report.line_name ?? '—'],
    [t('maintenance:failureReport.kind'), t(`maintenance:enums.reportKind.${i18nKey(report.kind)}`)],
    [
      t('maintenance:failureReport.severity'),
      <Badge key="severity" appearance="tint" color={SEVERITY_COLORS[report.severity]}>
        {t(`maintenance:enums.severity.${i18nKey(report.severity)}`)}
      </Badge>,
    ],
    [t('maintenance:failureReport.reporter'), `${report.reporter_name ?? '—'} · ${format.dateTime(report.reported_at)}`],
  ];
  if (report.stop)
    facts.push([
      t('maintenance:failureReport.stop'),
      `${report.stop.ended_at ? t('maintenance:failureReport.stopClosed', { from: format.dateTime(report.stop.started_at), to: format.dateTime(report.stop.ended_at) }) : t('maintenance:failureReport.stopOpen', { time: format.dateTime(report.stop.started_at) })} · ${t(`common:enums.stopCause.${i18nKey(report.stop.cause)}`)}`,
    ]);
  if (report.work_order_id)
    facts.push([
      t('maintenance:failureReport.workOrder'),
      <RouterLink key="wo" to={CORRECTIVE_PATH(report.work_order_id)}>
        {t('maintenance:failureReport.openWorkOrder', { number: report.work_order_number })}
      </RouterLink>,
    ]);
  if (report.reviewer_name) facts.push([t('maintenance:failureReport.reviewer'), `${report.reviewer_name} · ${format.dateTime(report.reviewed_at)}`]);
  if (report.rejection_reason) facts.push([t('maintenance:failureReport.rejectionReason'), report.rejection_reason]);
  if (report.duplicate_of_id)
    facts.push([
      t('maintenance:failureReport.duplicateOf'),
      <RouterLink key="dup" to={`${REPORTS_PATH}/${report.duplicate_of_id}`}>
        {report.duplicate_of_number}
      </RouterLink>,
    ]);

  return (
    <section className={styles.page} aria-labelledby="report-number">
      <div className={styles.head}>
        <Title2 as="h1" id="report-number">
          {report.number}
        </Title2>
        <Badge size="large" appearance="filled" color={STATUS_COLORS[report.status]} data-testid="report-status">
          {t(`maintenance:enums.reportStatus.${i18nKey(report.status)}`)}
        </Badge>
      </div>
      <div className={styles.actions}>
        <Button onClick={() => navigate(`${REPORTS_PATH}/all`)}>{t('maintenance:failureReport.back')}</Button>
        {may.review && moves.includes('in_review') ? <Button onClick={review}>{t('maintenance:failureReport.actions.review')}</Button> : null}
        {may.accept && moves.includes('accepted') ? (
          <Button appearance="primary" onClick={() => setDecision('accept')}>
            {t('maintenance:failureReport.actions.accept')}
          </Button>
        ) : null}
        {may.reject && moves.includes('rejected') ? (
          <Button onClick={() => setDecision('reject')}>{t('maintenance:failureReport.actions.reject')}</Button>
        ) : null}
        {may.duplicate && moves.includes('duplicate') ? (
          <Button onClick={() => setDecision('duplicate')}>{t('maintenance:failureReport.actions.duplicate')}</Button>
        ) : null}
        {report.machine_id ? (
          <Button onClick={() => navigate(MACHINE_SUMMARY_PATH(report.machine_id!))}>{t('maintenance:failureReport.machineSummary')}</Button>
        ) : null}
      </div>
      <Card className={styles.card}>
        <Facts items={facts} />
        <Body1 className={styles.description}>{report.description}</Body1>
      </Card>
      <Card className={styles.card}>
        <Text weight="semibold">{t('common:photos.label')}</Text>
        {report.photos.length === 0 ? <Text>{t('common:photos.none')}</Text> : null}
        <PhotoGallery photos={report.photos.map((photo) => ({ key: photo.id, url: photo.url, name: photo.file_name }))} />
      </Card>
      <Card className={styles.card}>
        <Text weight="semibold">{t('maintenance:failureReport.history')}</Text>
        <ul className={styles.history}>
          <li>{`${format.dateTime(report.reported_at)} · ${report.reporter_name ?? '—'} · ${t('maintenance:enums.reportStatus.new')}`}</li>
          {report.reviewed_at ? (
            <li>{`${format.dateTime(report.reviewed_at)} · ${report.reviewer_name ?? '—'} · ${t(`maintenance:enums.reportStatus.${i18nKey(report.status)}`)}`}</li>
          ) : null}
        </ul>
      </Card>

      <DecisionDialog
        report={report}
        decision={decision}
        onClose={() => setDecision(null)}
        onDone={(next) => {
          setDecision(null);
          setReport(next);
        }}
      />
    </section>
  );
}

/** Aceptar (optional assignee), Rechazar (reason), Marcar duplicado (the original report). */
function DecisionDialog({
  report,
  decision,
  onClose,
  onDone,
}: {
  report: FailureReportDetail;
  decision: Decision;
  onClose: () => void;
  onDone: (report: FailureReportDetail) => void;
}) {
  const { t } = useTranslation(['maintenance', 'common']);
  const [assignee, setAssignee] = useState('');
  const [reason, setReason] = useState('');
  const [original, setOriginal] = useState('');
  const [people, setPeople] = useState<{ id: number; full_name: string }[]>([]);
  const [others, setOthers] = useState<FailureReportRow[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setError(undefined);
    if (decision === 'accept') call(chatEndpoints.contacts).then(setPeople, () => undefined);
    if (decision === 'duplicate')
      call(failureReportEndpoints.all, { query: { pageSize: 100, sort: 'reported_at', direction: 'desc' } }).then(
        (page) => setOthers(page.items.filter((row) => row.id !== report.id)),
        () => undefined,
      );
  }, [decision, report.id]);

  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const params = { id: report.id };
      let next: FailureReportDetail;
      if (decision === 'accept') {
        next = await call(failureReportEndpoints.accept, { params, body: { assignee_id: assignee ? Number(assignee) : null } });
        showSnackbar({ message: t('maintenance:failureReport.accepted', { number: next.work_order_number }), variant: 'success' });
      } else if (decision === 'reject') {
        if (!reason.trim()) {
          setError(failureReportMessages.rejectReason);
          return;
        }
        next = await call(failureReportEndpoints.reject, { params, body: { reason } });
        showSnackbar({ message: t('maintenance:failureReport.changed'), variant: 'success' });
      } else {
        if (!original) {
          setError(failureReportMessages.duplicateOfMissing);
          return;
        }
        next = await call(failureReportEndpoints.duplicate, { params, body: { of: Number(original) } });
        showSnackbar({ message: t('maintenance:failureReport.changed'), variant: 'success' });
      }
      onDone(next);
    } catch (failure) {
      const fields = isApiRequestError(failure) ? failure.fields : undefined;
      setError(fields ? Object.values(fields)[0] : errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const title =
    decision === 'accept'
      ? t('maintenance:failureReport.acceptTitle', { number: report.number })
      : decision === 'reject'
        ? t('maintenance:failureReport.rejectTitle', { number: report.number })
        : t('maintenance:failureReport.duplicateTitle', { number: report.number });
  return (
    <Dialog open={decision !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {decision === 'accept' ? (
              <Field label={t('maintenance:failureReport.assignee')} hint={t('maintenance:failureReport.acceptIntro')} validationMessage={error}>
                <Select value={assignee} onChange={(_, data) => setAssignee(data.value)}>
                  <option value="">{t('maintenance:failureReport.nobody')}</option>
                  {people.map((person) => (
                    <option key={person.id} value={String(person.id)}>
                      {person.full_name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : decision === 'reject' ? (
              <Field label={t('maintenance:failureReport.reason')} required validationMessage={error}>
                <Textarea value={reason} maxLength={1000} onChange={(_, data) => setReason(data.value)} />
              </Field>
            ) : (
              <Field label={t('maintenance:failureReport.original')} required validationMessage={error}>
                <Select value={original} onChange={(_, data) => setOriginal(data.value)}>
                  <option value="">—</option>
                  {others.map((row) => (
                    <option key={row.id} value={String(row.id)}>
                      {`${row.number} · ${row.machine_name ?? row.area} · ${row.description.slice(0, 60)}`}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button appearance="primary" disabled={sending} icon={sending ? <Spinner size="tiny" /> : undefined} onClick={send}>
              {decision === 'accept'
                ? t('maintenance:failureReport.actions.accept')
                : decision === 'reject'
                  ? t('maintenance:failureReport.actions.reject')
                  : t('maintenance:failureReport.actions.duplicate')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
