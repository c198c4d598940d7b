import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INDICATOR_FORMULAS, type ProductionIndicators, type StopCause, indicatorEndpoints } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import {
  ChartFigure,
  i18nKey,
  useFormat,
  EmptyText,
  WidgetFrame,
  exportPercent,
  exportNumber,
  useWidgetExport,
  useWidgetStyles,
  useIndicatorFigures,
  InfoLabel,
  CATEGORY_AXIS_HEIGHT,
  CategoryTick,
} from '@planta/ui';
import { axisProps, CHART_COLOURS, gridStroke, tooltipStyle } from './chart-parts';
import '../i18n';

/** A stop cause as people read it: the portal's shared vocabulary (`common:enums.stopCause`). */
export const stopCauseLabel = (t: TFunction, cause: StopCause) => t(`common:enums.stopCause.${i18nKey(cause)}`);

function paretoSheets(data: ProductionIndicators, t: TFunction): ExportSheet[] {
  return [
    {
      title: t('dashboard.titles.pareto'),
      columns: [t('dashboard.pareto.cause'), t('dashboard.pareto.minutes'), t('dashboard.pareto.stops'), t('dashboard.pareto.cumulative')],
      rows: data.loss_pareto.map((row) => [stopCauseLabel(t, row.cause), exportNumber(row.minutes, 1), row.stops, exportPercent(row.cumulative_share)]),
    },
  ];
}

/** 'Pareto de pérdidas': minutes of the presses' unplanned stops by cause, largest first, with the cumulative share. */
export default function ParetoWidget({ filters, onExport }: WidgetProps) {
  const live = useIndicatorFigures(indicatorEndpoints.production, filters);
  const { t } = useTranslation('production');
  useWidgetExport(onExport, live.data ? paretoSheets(live.data, t) : null);
  return <WidgetFrame live={live}>{(data) => <ParetoChart data={data} />}</WidgetFrame>;
}

function ParetoChart({ data }: { data: ProductionIndicators }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const rows = data.loss_pareto;
  const formula = (
    <InfoLabel size="small" info={<div className={styles.info}>{INDICATOR_FORMULAS.pareto}</div>}>
      {t('dashboard.trend.formulas')}
    </InfoLabel>
  );
  if (rows.length === 0)
    return (
      <>
        {formula}
        <EmptyText>{t('dashboard.pareto.empty')}</EmptyText>
      </>
    );
  const axes = axisProps(format);
  return (
    <>
      {formula}
      <ChartFigure
        summary={t('dashboard.pareto.summary', { cause: stopCauseLabel(t, rows[0].cause), duration: format.duration(rows[0].minutes) })}
        tableLabel={t('dashboard.chartData')}
        columns={[t('dashboard.pareto.cause'), t('dashboard.pareto.duration'), t('dashboard.pareto.stops'), t('dashboard.pareto.cumulative')]}
        // A stop's time as people read it ('26 h 48 min', not '1608'); the Excel sheet keeps the minutes as a number.
        rows={rows.map((row) => [stopCauseLabel(t, row.cause), format.duration(row.minutes), row.stops, format.percent(row.cumulative_share)])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={rows.map((row) => ({
              cause: stopCauseLabel(t, row.cause),
              minutes: exportNumber(row.minutes, 0),
              cumulative: exportPercent(row.cumulative_share),
            }))}
          >
            <CartesianGrid strokeDasharray="3 3" stroke={gridStroke} />
            <XAxis dataKey="cause" interval={0} {...axes.x} tick={<CategoryTick fontSize={12} />} height={CATEGORY_AXIS_HEIGHT} />
            <YAxis yAxisId="minutes" {...axes.y} tickFormatter={(value) => format.duration(Number(value))} />
            <YAxis yAxisId="share" domain={[0, 100]} unit="%" {...axes.y2} />
            <Tooltip
              {...tooltipStyle}
              formatter={(value, name) => (name === t('dashboard.pareto.minutes') ? format.duration(Number(value)) : format.percent(Number(value) / 100))}
            />
            <Legend />
            <Bar yAxisId="minutes" dataKey="minutes" name={t('dashboard.pareto.minutes')} fill={CHART_COLOURS.brand} isAnimationActive={false} />
            <Line yAxisId="share" dataKey="cumulative" name={t('dashboard.pareto.cumulative')} stroke={CHART_COLOURS.line} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartFigure>
    </>
  );
}
