import {
  Badge,
  Button,
  Card,
  Field,
  makeStyles,
  ProgressBar,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  extrusionLineResource,
  figuresFromTotals,
  maintenanceSummaryEndpoints,
  pathId,
  preventivePlanEndpoints,
  workOrderEndpoints,
  type MaintenanceDashboard,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  CATEGORY_AXIS_HEIGHT,
  CategoryTick,
  ErrorCard,
  FigureCard,
  i18nKey,
  showSnackbar,
  useCan,
  useFormat,
  useReferenceOptions,
  writeWorkbook,
  type Formats,
} from '@planta/ui';
import type { TFunction } from 'i18next';
import '../i18n';
import { PeriodPicker, usePeriod } from '../components/period-picker';
import { DASHBOARD_PATH, summaryPath } from '../components/maintenance-paths';
import { hours, useReliabilityTexts } from '../components/reliability-figures';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '16px', flexWrap: 'wrap' },
  heading: { display: 'flex', flexDirection: 'column', gap: '4px' },
  controls: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '12px' },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: '12px' },
  panel: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  chart: { width: '100%', height: '280px' },
  chips: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  tableWrap: { overflowX: 'auto' },
  progress: { minWidth: '120px' },
});

/** The figures of the whole dashboard as sheet rows: what the cards, charts and tables show. */
async function exportDashboard(dashboard: MaintenanceDashboard, t: TFunction, format: Formats) {
  const presses = figuresFromTotals(sumFigures(dashboard.presses));
  const figures = [
    [t('dashboard.openOrders'), dashboard.open_total],
    ...dashboard.open_by_status.map((row) => [`  ${t(`enums.workOrderStatus.${i18nKey(row.status)}`)}`, row.count]),
    [t('dashboard.overdue'), dashboard.overdue],
    [t('dashboard.compliance'), dashboard.compliance.share],
    [`${t('dashboard.mtta')} (h)`, dashboard.mtta.hours],
    [`${t('dashboard.cycleTime')} (h)`, dashboard.cycle_time.hours],
    [`${t('dashboard.pressMtbf')} (h)`, presses.mtbfHours],
    [`${t('dashboard.pressMttr')} (h)`, presses.mttrHours],
    [t('dashboard.sheet.period'), `${format.dateTime(dashboard.period.from)} – ${format.dateTime(dashboard.period.to)}`],
  ];
  const pressRows = dashboard.presses.map((press) => [press.name, press.mtbfHours, press.mttrHours, press.availability, press.failureCount, press.stopHours]);
  const causeRows = dashboard.downtime_by_cause.map((row) => [t(`common:enums.stopCause.${i18nKey(row.cause)}`), row.hours, row.cumulative_share]);
  const widths = (columns: number) => [36, ...Array.from({ length: columns - 1 }, () => 16)];
  await writeWorkbook(
    [
      { name: t('dashboard.title'), columns: [t('dashboard.sheet.figure'), t('dashboard.sheet.value')], rows: figures, widths: widths(2) },
      {
        name: t('dashboard.sheet.press'),
        columns: [t('dashboard.sheet.press'), 'MTBF (h)', 'MTTR (h)', t('dashboard.availability'), t('dashboard.failures'), t('dashboard.stopHours')],
        rows: pressRows,
        widths: widths(6),
      },
      {
        name: t('dashboard.sheet.cause'),
        columns: [t('dashboard.sheet.cause'), t('dashboard.sheet.hours'), t('dashboard.sheet.cumulative')],
        rows: causeRows,
        widths: widths(3),
      },
    ],
    t('dashboard.exportFile'),
    format.language,
  );
}

/** The press totals of the dashboard summed: MTBF and MTTR of the presses as a group. */
function sumFigures(rows: MaintenanceDashboard['presses']) {
  return rows.reduce(
    (sum, row) => ({
      periodHours: sum.periodHours + row.periodHours,
      stopHours: sum.stopHours + row.stopHours,
      failureCount: sum.failureCount + row.failureCount,
      failureHours: sum.failureHours + row.failureHours,
    }),
    { periodHours: 0, stopHours: 0, failureCount: 0, failureHours: 0 },
  );
}

/** `/apps/maintenance-dashboard/:id`: the dashboard at `all`, a machine id opens its summary, anything else is not found. */
export default function MaintenanceDashboardRoute() {
  const { id } = useParams();
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  if (id === 'all') return <MaintenanceDashboardPage />;
  if (id && pathId.safeParse(id).success) return <Navigate to={summaryPath(Number(id))} replace />;
  return (
    <ErrorCard title={t('dashboard.title')} message={t('dashboard.notFound')} back={{ label: t('dashboard.back'), onClick: () => navigate(DASHBOARD_PATH) }} />
  );
}

function MaintenanceDashboardPage() {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const reliabilityTexts = useReliabilityTexts();
  const period = usePeriod();
  const lines = useReferenceOptions(extrusionLineResource.name);
  const [lineId, setLineId] = useState<number | null>(null);
  const [dashboard, setDashboard] = useState<MaintenanceDashboard | null>(null);
  const canReadPlans = useCan(preventivePlanEndpoints.all);
  const canReadCorrective = useCan(workOrderEndpoints.corrective);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState(false);

  const periodKey = period.key;
  const load = useCallback(
    (signal: AbortSignal) => {
      setLoadError(null);
      call(maintenanceSummaryEndpoints.dashboard, { query: { ...period.query, ...(lineId ? { line_id: lineId } : {}) } }, { signal }).then(
        setDashboard,
        (error: unknown) => {
          if (!signal.aborted) setLoadError(errorMessage(error));
        },
      );
    },
    // The period's key names it; its instants move with the clock.
    [periodKey, lineId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  if (loadError && !dashboard) {
    return <ErrorCard title={t('dashboard.loadError')} message={loadError} retryLabel={t('dashboard.retry')} onRetry={() => setAttempt((n) => n + 1)} />;
  }

  const presses = dashboard ? figuresFromTotals(sumFigures(dashboard.presses)) : null;
  const pressTexts = presses ? reliabilityTexts(presses) : null;
  const exportNow = async () => {
    if (!dashboard) return;
    setExporting(true);
    try {
      await exportDashboard(dashboard, t, format);
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setExporting(false);
    }
  };
  const mix = dashboard?.work_mix;
  const mixTotal = mix ? mix.corrective + mix.preventive + mix.improvement : 0;

  return (
    <section className={styles.page} aria-labelledby="maintenance-dashboard-title">
      <div className={styles.head}>
        <div className={styles.heading}>
          <Title2 as="h1" id="maintenance-dashboard-title">
            {t('dashboard.title')}
          </Title2>
          <Text className={styles.muted}>{t('dashboard.description')}</Text>
        </div>
        <div className={styles.controls}>
          <PeriodPicker key={period.key} choice={period.choice} onChoose={period.choose} />
          <Field label={t('dashboard.line')}>
            <Select value={lineId ? String(lineId) : ''} onChange={(_, data) => setLineId(data.value ? Number(data.value) : null)}>
              <option value="">{t('dashboard.allLines')}</option>
              {lines.map((line) => (
                <option key={line.value} value={line.value}>
                  {line.label}
                </option>
              ))}
            </Select>
          </Field>
          <Button icon={<ArrowDownloadRegular />} disabled={!dashboard || exporting} onClick={exportNow}>
            {t('dashboard.export')}
          </Button>
          {/* The lists the navigation of spec 2.3 does not name are reached from here. */}
          {canReadPlans ? <RouterLink to="/apps/preventiveMaintenance/all">{t('dashboard.plansLink')}</RouterLink> : null}
          {canReadCorrective ? <RouterLink to="/apps/corrective-maintenance/all">{t('dashboard.correctiveLink')}</RouterLink> : null}
        </div>
      </div>

      {!dashboard ? (
        <Spinner label="…" />
      ) : (
        <>
          <div className={styles.cards}>
            <FigureCard
              testId="card-open-orders"
              label={t('dashboard.openOrders')}
              value={dashboard.open_total}
              note={
                <span className={styles.chips}>
                  {dashboard.open_by_status.map((row) => (
                    <Badge key={row.status} appearance="tint" color={row.status === 'on_hold' ? 'warning' : 'brand'}>
                      {t(`enums.workOrderStatus.${i18nKey(row.status)}`)}: {row.count}
                    </Badge>
                  ))}
                </span>
              }
            />
            <FigureCard testId="card-overdue" label={t('dashboard.overdue')} value={dashboard.overdue} />
            <FigureCard
              testId="card-compliance"
              label={t('dashboard.compliance')}
              value={format.percent(dashboard.compliance.share)}
              info={t('reliability.complianceFormula', dashboard.compliance)}
            />
            <FigureCard
              testId="card-mtta"
              label={t('dashboard.mtta')}
              value={hours(format, dashboard.mtta.hours)}
              info={t('reliability.mttaFormula', dashboard.mtta)}
            />
            <FigureCard
              testId="card-cycle"
              label={t('dashboard.cycleTime')}
              value={hours(format, dashboard.cycle_time.hours)}
              info={t('reliability.cycleFormula', dashboard.cycle_time)}
            />
            {pressTexts ? (
              <>
                <FigureCard
                  testId="card-mtbf"
                  label={t('dashboard.pressMtbf')}
                  value={pressTexts.mtbf.value}
                  note={pressTexts.mtbf.note}
                  info={pressTexts.mtbf.info.map((line, index) => (
                    <div key={index}>{line}</div>
                  ))}
                />
                <FigureCard
                  testId="card-mttr"
                  label={t('dashboard.pressMttr')}
                  value={pressTexts.mttr.value}
                  note={pressTexts.mttr.note}
                  info={pressTexts.mttr.info.map((line, index) => (
                    <div key={index}>{line}</div>
                  ))}
                />
              </>
            ) : null}
          </div>

          <div className={styles.charts}>
            <Card className={styles.panel} data-testid="chart-mtbf-mttr">
              <Title3 as="h2">{t('dashboard.mtbfMttrChart')}</Title3>
              <div className={styles.chart}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={dashboard.presses.map((press) => ({ name: press.name, mtbf: press.mtbfHours ?? 0, mttr: press.mttrHours ?? 0 }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="name" interval={0} tick={<CategoryTick fontSize={12} />} height={CATEGORY_AXIS_HEIGHT} />
                    {/* MTTR is hours where MTBF is hundreds: each on its own axis, so that both can be read. */}
                    <YAxis yAxisId="mtbf" width={56} unit=" h" tickFormatter={(value: number) => format.number(value, 2)} />
                    <YAxis yAxisId="mttr" orientation="right" width={56} unit=" h" tickFormatter={(value: number) => format.number(value, 2)} />
                    <Tooltip formatter={(value) => hours(format, Number(value))} />
                    <Legend />
                    <Bar yAxisId="mtbf" dataKey="mtbf" name={t('reliability.mtbf')} fill={tokens.colorBrandBackground} isAnimationActive={false} />
                    <Bar yAxisId="mttr" dataKey="mttr" name={t('reliability.mttr')} fill={tokens.colorPaletteDarkOrangeBackground3} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </Card>
            <Card className={styles.panel} data-testid="chart-pareto">
              <Title3 as="h2">{t('dashboard.paretoChart')}</Title3>
              {dashboard.downtime_by_cause.length === 0 ? (
                <Text className={styles.muted}>{t('dashboard.noStops')}</Text>
              ) : (
                <div className={styles.chart}>
                  <ResponsiveContainer width="100%" height="100%">
                    <ComposedChart
                      data={dashboard.downtime_by_cause.map((row) => ({
                        cause: t(`common:enums.stopCause.${i18nKey(row.cause)}`),
                        hours: Math.round(row.hours * 10) / 10,
                        cumulative: Math.round(row.cumulative_share * 1000) / 10,
                      }))}
                    >
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="cause" interval={0} tick={<CategoryTick />} height={CATEGORY_AXIS_HEIGHT} />
                      <YAxis yAxisId="hours" width={56} unit=" h" tickFormatter={(value: number) => format.number(value, 2)} />
                      <YAxis
                        yAxisId="share"
                        orientation="right"
                        domain={[0, 100]}
                        unit="%"
                        width={48}
                        tickFormatter={(value: number) => format.number(value, 0)}
                      />
                      <Tooltip
                        formatter={(value, name) => (name === t('dashboard.cumulative') ? format.percent(Number(value) / 100) : hours(format, Number(value)))}
                      />
                      <Legend />
                      <Bar yAxisId="hours" dataKey="hours" name={t('dashboard.stopHours')} fill={tokens.colorBrandBackground} isAnimationActive={false} />
                      <Line
                        yAxisId="share"
                        dataKey="cumulative"
                        name={t('dashboard.cumulative')}
                        stroke={tokens.colorPaletteRedForeground1}
                        isAnimationActive={false}
                      />
                    </ComposedChart>
                  </ResponsiveContainer>
                </div>
              )}
            </Card>
          </div>

          <div className={styles.charts}>
            <Card className={styles.panel} data-testid="next-week">
              <Title3 as="h2">{t('dashboard.nextWeek')}</Title3>
              <Text weight="semibold">{t('dashboard.byDate')}</Text>
              <NextPlans
                plans={dashboard.next_week_by_date}
                lastHeader={t('dashboard.due')}
                last={(plan) => (
                  <>
                    {format.date(plan.next_due_on)}{' '}
                    {plan.overdue ? (
                      <Badge color="danger" appearance="tint">
                        {t('dashboard.overdueTag')}
                      </Badge>
                    ) : null}
                  </>
                )}
              />
              <Text weight="semibold">{t('dashboard.byCounter')}</Text>
              <NextPlans
                plans={dashboard.next_by_counter}
                lastHeader={t('dashboard.used')}
                last={(plan) => (
                  <>
                    <ProgressBar
                      className={styles.progress}
                      value={Math.min(1, plan.used_share)}
                      color={plan.used_share >= 1 ? 'error' : 'warning'}
                      thickness="large"
                      aria-label={`${t('dashboard.used')}: ${plan.name} · ${plan.machine_name}`}
                    />
                    <Text size={200}>
                      {format.number(plan.value, 1)} / {format.number(plan.next_due_value, 1)} {plan.unit} ({format.percent(plan.used_share)})
                    </Text>
                  </>
                )}
              />
            </Card>
            <Card className={styles.panel}>
              <Title3 as="h2">{t('dashboard.workMix')}</Title3>
              <Text>{t('dashboard.workMixText', mix)}</Text>
              <ProgressBar
                value={mixTotal ? (mix!.corrective + mix!.improvement) / mixTotal : 0}
                thickness="large"
                aria-label={t('dashboard.reactiveShare', { share: format.percent(mixTotal ? (mix!.corrective + mix!.improvement) / mixTotal : null) })}
              />
              <Text size={200} className={styles.muted}>
                {t('dashboard.reactiveShare', { share: format.percent(mixTotal ? (mix!.corrective + mix!.improvement) / mixTotal : null) })}
              </Text>
              <Title3 as="h2">{t('dashboard.topDowntime')}</Title3>
              {dashboard.top_downtime.length === 0 ? (
                <Text className={styles.muted}>{t('dashboard.noStops')}</Text>
              ) : (
                <div className={styles.tableWrap}>
                  <Table size="small">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{t('dashboard.machine')}</TableHeaderCell>
                        <TableHeaderCell>{t('dashboard.stopHours')}</TableHeaderCell>
                        <TableHeaderCell>MTBF</TableHeaderCell>
                        <TableHeaderCell>MTTR</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {dashboard.top_downtime.map((machine) => (
                        <TableRow key={machine.machine_id}>
                          <TableCell>
                            <RouterLink to={summaryPath(machine.machine_id)}>{machine.name}</RouterLink>
                          </TableCell>
                          <TableCell>{format.number(machine.stopHours, 1)}</TableCell>
                          <TableCell>{hours(format, machine.mtbfHours)}</TableCell>
                          <TableCell>{hours(format, machine.mttrHours)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </Card>
          </div>

          <Card className={styles.panel} data-testid="machine-list">
            <Title3 as="h2">{t('dashboard.machines')}</Title3>
            <div className={styles.tableWrap}>
              <Table size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('dashboard.machine')}</TableHeaderCell>
                    <TableHeaderCell>{t('dashboard.line')}</TableHeaderCell>
                    <TableHeaderCell>{t('dashboard.status')}</TableHeaderCell>
                    <TableHeaderCell>{t('dashboard.openOrdersColumn')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {dashboard.machines.map((machine) => (
                    <TableRow key={machine.id}>
                      <TableCell>
                        <RouterLink to={summaryPath(machine.id)}>
                          {machine.name}
                          {machine.code ? ` (${machine.code})` : ''}
                        </RouterLink>
                      </TableCell>
                      <TableCell>{machine.line_name ?? '—'}</TableCell>
                      <TableCell>
                        <Badge appearance="tint" color={machine.down ? 'danger' : machine.status === 'out-of-service' ? 'informative' : 'success'}>
                          {t(`enums.machineStatus.${i18nKey(machine.status)}`)}
                        </Badge>
                      </TableCell>
                      <TableCell>{machine.open_orders}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </Card>
        </>
      )}
    </section>
  );
}

/** A table of upcoming plans (by date or by counter): plan, machine (to its summary) and what makes it due. */
function NextPlans<P extends { plan_id: number; name: string; machine_id: number; machine_name: string }>({
  plans,
  lastHeader,
  last,
}: {
  plans: readonly P[];
  lastHeader: string;
  last: (plan: P) => ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  if (plans.length === 0) return <Text className={styles.muted}>{t('dashboard.noPlans')}</Text>;
  return (
    <div className={styles.tableWrap}>
      <Table size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('dashboard.plan')}</TableHeaderCell>
            <TableHeaderCell>{t('dashboard.machine')}</TableHeaderCell>
            <TableHeaderCell>{lastHeader}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {plans.map((plan) => (
            <TableRow key={plan.plan_id}>
              <TableCell>{plan.name}</TableCell>
              <TableCell>
                <RouterLink to={summaryPath(plan.machine_id)}>{plan.machine_name}</RouterLink>
              </TableCell>
              <TableCell>{last(plan)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
