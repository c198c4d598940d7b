import { Badge, Button, Card, makeStyles, mergeClasses, ProgressBar, Spinner, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { AddRegular, PrintRegular, WarningRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { maintenanceSummaryEndpoints, meterEndpoints, pathId, type MachineSummary } from '@planta/contracts';
import { ApiRequestError, call, errorMessage } from '@planta/session';
import { ErrorCard, Facts, i18nKey, printQrLabel, useCan, useFormat, useMediaQuery, useQrSvg } from '@planta/ui';
import '../i18n';
import { MeterChart } from '../components/meter-chart';
import { MeterReadingDialog } from '../components/meter-reading-dialog';
import { PeriodPicker, usePeriod } from '../components/period-picker';
import { ReliabilityCards } from '../components/reliability-figures';
import { DASHBOARD_PATH, summaryPath } from '../components/maintenance-paths';

/** Tablets and phones: a coarse pointer or a narrow screen puts 'Reportar falla' first and big. */
const TOUCH_QUERY = '(pointer: coarse), (max-width: 899.98px)';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '16px', flexWrap: 'wrap' },
  headTouch: { flexDirection: 'column-reverse', alignItems: 'stretch' },
  title: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  actionsTouch: { flexDirection: 'column' },
  bigButton: { minHeight: '64px', fontSize: tokens.fontSizeBase500, width: '100%' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: '12px', alignItems: 'start' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '12px' },
  panel: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  stop: { borderLeft: `6px solid ${tokens.colorPaletteRedBorderActive}` },
  running: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  list: { margin: 0, paddingInlineStart: '18px', display: 'flex', flexDirection: 'column', gap: '4px' },
  muted: { color: tokens.colorNeutralForeground3 },
  qr: { width: '180px', height: '180px', alignSelf: 'center' },
  periodRow: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '12px', flexWrap: 'wrap' },
});

/** History events shown before 'Ver todo'. */
const HISTORY_SHOWN = 25;

/** 3 h 05 min 09 s: a running duration, to the second. */
function runningText(ms: number) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h} h ${String(m).padStart(2, '0')} min ${String(s).padStart(2, '0')} s`;
}

/** The time since `since`, moving every second. */
function useRunningFor(since: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since ? now - Date.parse(since) : 0;
}

/** `/apps/maintenance-dashboard/machineResume/:machineId`: the machine summary (ficha de máquina). */
export default function MachineSummaryPage() {
  const { machineId = '' } = useParams();
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const navigate = useNavigate();
  const touch = useMediaQuery(TOUCH_QUERY);
  const period = usePeriod();
  const mayRead = useCan(meterEndpoints.addReading);
  const mayReport = useCan({ access: { page: 'failure-damage-report' }, method: 'POST' });
  const mayCreateOrder = useCan({ access: { page: 'corrective-maintenance' }, method: 'POST' });
  const [summary, setSummary] = useState<MachineSummary | null>(null);
  const [loadError, setLoadError] = useState<{ message: string; missing: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [reading, setReading] = useState<MachineSummary['meters'][number] | null>(null);
  const [wholeHistory, setWholeHistory] = useState(false);
  const validId = pathId.safeParse(machineId).success;
  const address = `${window.location.origin}${summaryPath(Number(machineId))}`;
  const qr = useQrSvg(address);
  const runningFor = useRunningFor(summary?.open_stop?.started_at ?? null);

  const periodKey = period.key;
  const load = useCallback(
    (signal: AbortSignal) => {
      if (!validId) return;
      call(maintenanceSummaryEndpoints.machineSummary, { params: { id: machineId }, query: period.query }, { signal }).then(
        (answer) => {
          setSummary(answer);
          setLoadError(null);
        },
        (error: unknown) => {
          if (!signal.aborted) setLoadError({ message: errorMessage(error), missing: error instanceof ApiRequestError && error.statusCode === 404 });
        },
      );
    },
    // The period's key names it; its instants move with the clock.
    [machineId, periodKey, validId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  const back = { label: t('machineSummary.back'), onClick: () => navigate(DASHBOARD_PATH) };
  if (!validId || loadError?.missing) return <ErrorCard title={t('machineSummary.title')} message={t('machineSummary.notFound')} back={back} />;
  if (loadError && !summary)
    return (
      <ErrorCard
        title={t('machineSummary.loadError')}
        message={loadError.message}
        retryLabel={t('machineSummary.retry')}
        onRetry={() => setAttempt((n) => n + 1)}
        back={back}
      />
    );
  if (!summary) return <Spinner label="…" />;

  const { machine } = summary;
  const reportButton = mayReport ? (
    <Button
      appearance="primary"
      icon={<WarningRegular />}
      className={touch ? styles.bigButton : undefined}
      size={touch ? 'large' : 'medium'}
      onClick={() => navigate(`/apps/failure-damage-report/new?machine=${machine.id}`)}
    >
      {t('machineSummary.reportFailure')}
    </Button>
  ) : null;
  const orderButton = mayCreateOrder ? (
    <Button
      icon={<AddRegular />}
      className={touch ? styles.bigButton : undefined}
      onClick={() => navigate(`/apps/corrective-maintenance/new?machine=${machine.id}`)}
    >
      {t('machineSummary.newOrder')}
    </Button>
  ) : null;
  const orderLink = (order: MachineSummary['open_work_orders'][number]) =>
    order.type === 'corrective' ? `/apps/corrective-maintenance/${order.id}` : '/apps/maintenance-kanban-board';

  return (
    <section className={styles.page} aria-labelledby="machine-summary-title">
      <div className={mergeClasses(styles.head, touch && styles.headTouch)}>
        <div>
          <div className={styles.title}>
            <Title2 as="h1" id="machine-summary-title">
              {machine.name}
            </Title2>
            <Badge
              size="large"
              appearance="filled"
              color={machine.down ? 'danger' : machine.status === 'out-of-service' ? 'informative' : 'success'}
              data-testid="status-chip"
            >
              {t(`enums.machineStatus.${i18nKey(machine.status)}`)}
            </Badge>
          </div>
          <Text className={styles.muted}>{t('machineSummary.title')}</Text>
          <Facts
            items={[
              [t('machineSummary.code'), machine.code || '—'],
              [t('machineSummary.line'), machine.line_name ?? '—'],
              [
                t('machineSummary.parent'),
                machine.parent_machine_id ? <RouterLink to={summaryPath(machine.parent_machine_id)}>{machine.parent_name}</RouterLink> : '—',
              ],
              [t('machineSummary.criticality'), machine.criticality],
              [t('machineSummary.location'), machine.location || '—'],
            ]}
          />
        </div>
        <div className={mergeClasses(styles.actions, touch && styles.actionsTouch)}>
          {reportButton}
          {orderButton}
        </div>
      </div>

      <Card className={mergeClasses(styles.panel, summary.open_stop ? styles.stop : undefined)} data-testid="current-stop">
        <Title3 as="h2">{t('machineSummary.currentStop')}</Title3>
        {summary.open_stop ? (
          <>
            <span className={styles.running} aria-live="off">
              {runningText(runningFor)}
            </span>
            <Text>
              {t('machineSummary.stoppedSince', {
                since: format.dateTime(summary.open_stop.started_at),
                cause: t(`common:enums.stopCause.${i18nKey(summary.open_stop.cause)}`),
              })}
            </Text>
          </>
        ) : (
          <Text className={styles.muted}>{t('machineSummary.noStop')}</Text>
        )}
      </Card>

      <div className={styles.periodRow}>
        <Title3 as="h2">{t('machineSummary.reliability')}</Title3>
        <PeriodPicker key={period.key} choice={period.choice} onChoose={period.choose} />
      </div>
      <div className={styles.cards}>
        <ReliabilityCards figures={summary.reliability} />
      </div>

      <div className={styles.grid}>
        <Card className={styles.panel} data-testid="last-failures">
          <Title3 as="h2">{t('machineSummary.lastFailures')}</Title3>
          {summary.last_failures.length === 0 ? (
            <Text className={styles.muted}>{t('machineSummary.noFailures')}</Text>
          ) : (
            <ul className={styles.list}>
              {summary.last_failures.map((failure) => (
                <li key={`${failure.kind}-${failure.id}`}>
                  <Text weight="semibold">{format.dateTime(failure.at)}</Text> ·{' '}
                  {failure.kind === 'report'
                    ? t('machineSummary.failureReport', { number: failure.label })
                    : t('machineSummary.failureStop', { cause: t(`common:enums.stopCause.${i18nKey(failure.cause ?? 'other')}`) })}
                  {failure.hours !== null ? (
                    <Text className={styles.muted}> · {t('machineSummary.stopDuration', { duration: format.hoursDuration(failure.hours) })}</Text>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className={styles.panel} data-testid="open-orders">
          <Title3 as="h2">{t('machineSummary.openOrders')}</Title3>
          {summary.open_work_orders.length === 0 ? (
            <Text className={styles.muted}>{t('machineSummary.noOrders')}</Text>
          ) : (
            <ul className={styles.list}>
              {summary.open_work_orders.map((order) => (
                <li key={order.id}>
                  <RouterLink to={orderLink(order)}>
                    {order.number} · {order.title}
                  </RouterLink>{' '}
                  <Badge appearance="tint">{t(`enums.workOrderStatus.${i18nKey(order.status)}`)}</Badge>{' '}
                  <Text size={200} className={styles.muted}>
                    {t(`enums.workOrderType.${order.type}`)}
                    {order.due_at ? ` · ${t('machineSummary.dueOn', { date: format.date(order.due_at) })}` : ''}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className={styles.panel} data-testid="next-preventive">
          <Title3 as="h2">{t('machineSummary.nextByDate')}</Title3>
          {summary.next_by_date.length === 0 ? (
            <Text className={styles.muted}>{t('machineSummary.noPlans')}</Text>
          ) : (
            <ul className={styles.list}>
              {summary.next_by_date.map((plan) => (
                <li key={plan.plan_id}>
                  {plan.name} · {t('machineSummary.dueOn', { date: format.date(plan.next_due_on) })}{' '}
                  {plan.overdue ? (
                    <Badge color="danger" appearance="tint">
                      {t('machineSummary.overdue')}
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <Title3 as="h2">{t('machineSummary.nextByCounter')}</Title3>
          {summary.next_by_counter.length === 0 ? (
            <Text className={styles.muted}>{t('machineSummary.noPlans')}</Text>
          ) : (
            summary.next_by_counter.map((plan) => (
              <div key={plan.plan_id}>
                <Text>{plan.name}</Text>
                <ProgressBar
                  value={Math.min(1, plan.used_share)}
                  thickness="large"
                  color={plan.used_share >= 1 ? 'error' : plan.used_share >= 0.9 ? 'warning' : 'brand'}
                  aria-label={plan.name}
                />
                <Text size={200} className={styles.muted}>
                  {t('machineSummary.counterProgress', {
                    value: format.number(plan.value, 1),
                    due: format.number(plan.next_due_value, 1),
                    unit: plan.unit,
                    share: format.percent(plan.used_share),
                  })}
                </Text>
              </div>
            ))
          )}
        </Card>
      </div>

      <Title3 as="h2">{t('machineSummary.meters')}</Title3>
      {summary.meters.length === 0 ? (
        <Text className={styles.muted}>{t('machineSummary.noMeters')}</Text>
      ) : (
        <div className={styles.grid}>
          {summary.meters.map((meter) => (
            <MeterChart key={meter.id} meter={meter} onRead={mayRead && meter.source === 'manual' ? () => setReading(meter) : undefined} />
          ))}
        </div>
      )}

      <div className={styles.grid}>
        <Card className={styles.panel} data-testid="history">
          <Title3 as="h2">{t('machineSummary.history')}</Title3>
          {summary.timeline.length === 0 ? (
            <Text className={styles.muted}>{t('machineSummary.noHistory')}</Text>
          ) : (
            <ul className={styles.list}>
              {(wholeHistory ? summary.timeline : summary.timeline.slice(0, HISTORY_SHOWN)).map((event) => (
                <li key={`${event.event}-${event.ref_id}`}>
                  <Text weight="semibold">{format.dateTime(event.at)}</Text> ·{' '}
                  {t(`machineSummary.events.${i18nKey(event.event)}`, {
                    label: event.event.startsWith('stop') ? t(`common:enums.stopCause.${i18nKey(event.label)}`) : event.label,
                    detail: event.detail,
                  })}
                </li>
              ))}
            </ul>
          )}
          {!wholeHistory && summary.timeline.length > HISTORY_SHOWN ? (
            <Button appearance="subtle" onClick={() => setWholeHistory(true)}>
              {t('machineSummary.wholeHistory', { count: summary.timeline.length })}
            </Button>
          ) : null}
        </Card>
        <Card className={styles.panel} data-testid="machine-qr">
          <Title3 as="h2">{t('machineSummary.qrTitle')}</Title3>
          {qr ? (
            <img className={styles.qr} src={`data:image/svg+xml;utf8,${encodeURIComponent(qr)}`} alt={t('machineSummary.qrAlt', { name: machine.name })} />
          ) : (
            <Spinner size="small" />
          )}
          <Text size={200} className={styles.muted}>
            {t('machineSummary.qrCaption')}
          </Text>
          <Text size={200} className={styles.muted}>
            {address}
          </Text>
          <Button icon={<PrintRegular />} disabled={!qr} onClick={() => qr && printQrLabel(qr, machine.name, machine.code, t('machineSummary.qrCaption'))}>
            {t('machineSummary.printLabel')}
          </Button>
        </Card>
      </div>

      {reading ? (
        <MeterReadingDialog
          meter={reading}
          onClose={() => setReading(null)}
          onSaved={() => {
            setReading(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}
