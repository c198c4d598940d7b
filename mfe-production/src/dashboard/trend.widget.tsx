import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INDICATOR_FORMULAS, type ProductionIndicators, indicatorEndpoints } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import {
  ChartFigure,
  useFormat,
  type Formats,
  EmptyText,
  WidgetFrame,
  exportPercent,
  useWidgetExport,
  useWidgetStyles,
  useIndicatorFigures,
  InfoLabel,
} from '@planta/ui';
import { axisProps, CHART_COLOURS, gridStroke, tooltipStyle } from './chart-parts';
import '../i18n';

const SERIES = [
  { key: 'oee', colour: CHART_COLOURS.brand },
  { key: 'availability', colour: CHART_COLOURS.availability },
  { key: 'performance', colour: CHART_COLOURS.performance },
  { key: 'quality', colour: CHART_COLOURS.quality },
] as const;

function trendSheets(data: ProductionIndicators, t: TFunction, format: Formats): ExportSheet[] {
  return [
    {
      title: t('dashboard.titles.trend'),
      columns: [t('dashboard.day'), ...SERIES.map(({ key }) => t('dashboard.percentColumn', { name: t(`dashboard.${key}`) }))],
      rows: data.trend.map((day) => [format.date(day.day), ...SERIES.map(({ key }) => exportPercent(day[key]))]),
    },
  ];
}

/** 'Tendencia de OEE': OEE, availability, performance and quality day by day (a day without figures leaves a gap). */
export default function TrendWidget({ filters, onExport }: WidgetProps) {
  const live = useIndicatorFigures(indicatorEndpoints.production, filters);
  const { t } = useTranslation('production');
  const format = useFormat();
  useWidgetExport(onExport, live.data ? trendSheets(live.data, t, format) : null);
  return <WidgetFrame live={live}>{(data) => <TrendChart data={data} />}</WidgetFrame>;
}

function TrendChart({ data }: { data: ProductionIndicators }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  if (data.trend.length === 0) return <EmptyText>{t('dashboard.trend.empty')}</EmptyText>;
  const axes = axisProps(format);
  const percentText = (value: number | null) => (value === null ? '—' : `${format.number(value, 1)} %`);
  const points = data.trend.map((day) => ({ day: format.date(day.day), ...Object.fromEntries(SERIES.map(({ key }) => [key, exportPercent(day[key])])) }));
  return (
    <>
      <InfoLabel
        size="small"
        info={
          <div className={styles.info}>
            {SERIES.map(({ key }) => (
              <span key={key}>{INDICATOR_FORMULAS[key]}</span>
            ))}
          </div>
        }
      >
        {t('dashboard.trend.formulas')}
      </InfoLabel>
      <ChartFigure
        summary={t('dashboard.trend.summary', { from: format.date(data.trend[0].day), to: format.date(data.trend.at(-1)!.day) })}
        tableLabel={t('dashboard.chartData')}
        columns={[t('dashboard.day'), ...SERIES.map(({ key }) => t(`dashboard.${key}`))]}
        rows={data.trend.map((day) => [format.date(day.day), ...SERIES.map(({ key }) => format.percent(day[key]))])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points}>
            <CartesianGrid strokeDasharray="3 3" stroke={gridStroke} />
            <XAxis dataKey="day" minTickGap={16} {...axes.x} />
            <YAxis unit="%" domain={[0, 'auto']} {...axes.y} />
            <Tooltip {...tooltipStyle} formatter={(value) => percentText(value === null || value === undefined ? null : Number(value))} />
            <Legend />
            {SERIES.map(({ key, colour }) => (
              <Line key={key} dataKey={key} name={t(`dashboard.${key}`)} stroke={colour} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
    </>
  );
}
