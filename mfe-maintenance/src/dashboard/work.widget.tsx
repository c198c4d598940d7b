import { mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { indicatorEndpoints, maintenanceBoardEndpoints, SUMMARY_RED_OVERDUE_ORDERS, type MaintenanceIndicators } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import {
  ChartFigure,
  FigureCard,
  i18nKey,
  isRightToLeft,
  useCan,
  useFormat,
  exportNumber,
  exportPercent,
  useWidgetExport,
  useWidgetStyles,
  WidgetFrame,
  useIndicatorFigures,
  InfoLabel,
  CATEGORY_AXIS_HEIGHT,
  CategoryTick,
} from '@planta/ui';
import { DASHBOARD_PATH } from '../components/maintenance-paths';
import '../i18n';

const BOARD_PATH = '/apps/maintenance-kanban-board';

const causeName = (t: TFunction, cause: string) => t(`common:enums.stopCause.${i18nKey(cause)}`);

function workSheets(data: MaintenanceIndicators, t: TFunction): ExportSheet[] {
  return [
    {
      title: t('widgets.work.title'),
      columns: [t('dashboard.sheet.figure'), t('dashboard.sheet.value')],
      rows: [
        [`${t('dashboard.compliance')} (%)`, exportPercent(data.compliance.share)],
        [t('widgets.work.due'), data.compliance.due],
        [t('widgets.work.dueOnTime'), data.compliance.on_time],
        [t('dashboard.openOrders'), data.open_work_orders],
        [t('dashboard.overdue'), data.overdue_work_orders],
      ],
    },
    {
      title: t('widgets.work.downtime'),
      columns: [t('dashboard.sheet.cause'), t('dashboard.sheet.hours'), t('widgets.work.stops')],
      rows: data.downtime_by_cause.map((row) => [causeName(t, row.cause), exportNumber(row.hours), row.stops]),
    },
  ];
}

/**
 * 'Trabajo de mantenimiento' (indicators dashboard): preventive compliance with its formula, the
 * open and overdue work orders (to the board), and the stop hours by cause of the period.
 */
export default function MaintenanceWorkWidget({ filters, display, onExport }: WidgetProps) {
  const { t } = useTranslation('maintenance');
  const figures = useIndicatorFigures(indicatorEndpoints.maintenance, filters);
  useWidgetExport(onExport, figures.data ? workSheets(figures.data, t) : null);
  return <WidgetFrame live={figures}>{(data) => <WorkView data={data} display={display} />}</WidgetFrame>;
}

function WorkView({ data, display }: { data: MaintenanceIndicators; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const mayReadBoard = useCan(maintenanceBoardEndpoints.board);
  const link = display
    ? null
    : mayReadBoard
      ? { to: BOARD_PATH, label: t('widgets.work.toBoard') }
      : { to: DASHBOARD_PATH, label: t('widgets.work.toDashboard') };
  const overdue = data.overdue_work_orders;
  const rtl = isRightToLeft();
  const causes = data.downtime_by_cause.map((row) => ({ cause: causeName(t, row.cause), hours: row.hours, stops: row.stops }));
  return (
    <>
      <div className={mergeClasses(styles.figures, display && styles.large)}>
        <FigureCard
          testId="figure-compliance"
          label={t('dashboard.compliance')}
          value={format.percent(data.compliance.share)}
          note={t('widgets.work.onTime', { onTime: data.compliance.on_time, due: data.compliance.due })}
          info={t('widgets.formulas.compliance')}
          large={display}
        />
        <FigureCard
          testId="figure-open-work-orders"
          label={t('dashboard.openOrders')}
          value={format.number(data.open_work_orders, 0)}
          note={link ? <RouterLink to={link.to}>{link.label}</RouterLink> : undefined}
          large={display}
        />
        <FigureCard
          testId="figure-overdue-work-orders"
          label={t('dashboard.overdue')}
          value={format.number(overdue, 0)}
          band={overdue >= SUMMARY_RED_OVERDUE_ORDERS ? 'red' : overdue > 0 ? 'amber' : null}
          note={link && overdue > 0 ? <RouterLink to={link.to}>{link.label}</RouterLink> : undefined}
          large={display}
        />
      </div>
      <InfoLabel info={t('widgets.formulas.downtime')}>
        <Text weight="semibold">{t('widgets.work.downtime')}</Text>
      </InfoLabel>
      {causes.length === 0 ? (
        <Text className={styles.muted}>{t('dashboard.noStops')}</Text>
      ) : (
        <div data-testid="chart-downtime">
          <ChartFigure
            summary={t('widgets.work.downtimeSummary', { list: causes.map((row) => `${row.cause} ${format.hoursDuration(row.hours)}`).join(', ') })}
            tableLabel={t('widgets.work.viewData')}
            columns={[t('dashboard.sheet.cause'), t('dashboard.sheet.hours'), t('widgets.work.stops')]}
            rows={causes.map((row) => [row.cause, format.hoursDuration(row.hours), format.number(row.stops, 0)])}
            large={display}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={causes} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={tokens.colorNeutralStroke2} />
                <XAxis dataKey="cause" interval={0} reversed={rtl} tick={<CategoryTick />} height={CATEGORY_AXIS_HEIGHT} />
                <YAxis
                  orientation={rtl ? 'right' : 'left'}
                  width={48}
                  unit=" h"
                  tickFormatter={(value: number) => format.number(value, 2)}
                  tick={{ fontSize: 11, fill: tokens.colorNeutralForeground2 }}
                />
                <Tooltip
                  formatter={(value) => format.hoursDuration(Number(value))}
                  contentStyle={{ background: tokens.colorNeutralBackground1, borderColor: tokens.colorNeutralStroke1, color: tokens.colorNeutralForeground1 }}
                />
                <Bar dataKey="hours" name={t('dashboard.stopHours')} fill={tokens.colorBrandBackground} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartFigure>
        </div>
      )}
    </>
  );
}
