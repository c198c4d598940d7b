import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INDICATOR_FORMULAS, type ProductionIndicators, indicatorEndpoints } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import {
  ChartFigure,
  FigureCard,
  useFormat,
  type Formats,
  EmptyText,
  WidgetFrame,
  exportPercent,
  exportNumber,
  useWidgetExport,
  useWidgetStyles,
  useIndicatorFigures,
} from '@planta/ui';
import { axisProps, CHART_COLOURS, gridStroke, tooltipStyle } from './chart-parts';
import '../i18n';

type Press = ProductionIndicators['presses'][number];
/** The goal a press's performance is measured against: weighted by its runs, or the line's own when it did not run. */
const goalOf = (press: Press) => press.goal_kg_h ?? press.net_productivity_goal_kg_h;

function outputSheets(data: ProductionIndicators, t: TFunction): ExportSheet[] {
  const plant = data.plant;
  const percent = (key: string) => t('dashboard.percentColumn', { name: t(`dashboard.${key}`) });
  return [
    {
      title: t('dashboard.outputSheet'),
      columns: [t('dashboard.figure'), t('dashboard.value')],
      rows: [
        [t('dashboard.netKgH'), exportNumber(plant.net_kg_h, 1)],
        [t('dashboard.goalKgH'), exportNumber(plant.goal_kg_h, 1)],
        [percent('recovery'), exportPercent(plant.recovery)],
        [percent('scrap'), exportPercent(plant.scrap_ratio)],
        [t('dashboard.goodKg'), exportNumber(plant.good_kg, 1)],
        [t('dashboard.scrapKg'), exportNumber(plant.scrap_kg, 1)],
        [t('dashboard.billetKg'), exportNumber(plant.billet_kg, 1)],
      ],
    },
    {
      title: t('dashboard.outputPressSheet'),
      columns: [
        t('dashboard.press'),
        t('dashboard.netKgH'),
        t('dashboard.goalKgH'),
        t('dashboard.goodKg'),
        t('dashboard.billetKg'),
        percent('recovery'),
        percent('scrap'),
      ],
      rows: data.presses.map((press) => [
        press.line_name,
        exportNumber(press.net_kg_h, 1),
        exportNumber(goalOf(press), 1),
        exportNumber(press.good_kg, 1),
        exportNumber(press.billet_kg, 1),
        exportPercent(press.recovery),
        exportPercent(press.scrap_ratio),
      ]),
    },
  ];
}

const kg = (format: Formats, value: number, t: TFunction) => t('dashboard.kgValue', { kg: format.number(value, 0) });

/** 'Productividad y recuperación': net kg/h of each press against its goal, the plant's recovery and scrap, good and billet kg. */
export default function OutputWidget({ filters, onExport }: WidgetProps) {
  const live = useIndicatorFigures(indicatorEndpoints.production, filters);
  const { t } = useTranslation('production');
  useWidgetExport(onExport, live.data ? outputSheets(live.data, t) : null);
  return <WidgetFrame live={live}>{(data) => <OutputFigures data={data} />}</WidgetFrame>;
}

function OutputFigures({ data }: { data: ProductionIndicators }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const plant = data.plant;
  const noData = (value: number | null) => (value === null ? t('dashboard.noData') : undefined);
  const axes = axisProps(format);
  return (
    <>
      <div className={styles.figures}>
        <FigureCard
          testId="figure-net-kg-h"
          label={t('dashboard.netKgH')}
          value={format.number(plant.net_kg_h, 0)}
          note={plant.goal_kg_h === null ? noData(plant.net_kg_h) : t('dashboard.goalNote', { goal: format.number(plant.goal_kg_h, 0) })}
          info={INDICATOR_FORMULAS.netKgH}
        />
        <FigureCard
          testId="figure-recovery"
          label={t('dashboard.recovery')}
          value={format.percent(plant.recovery)}
          note={noData(plant.recovery)}
          info={INDICATOR_FORMULAS.recovery}
        />
        <FigureCard
          testId="figure-scrap"
          label={t('dashboard.scrap')}
          value={format.percent(plant.scrap_ratio)}
          note={noData(plant.scrap_ratio) ?? kg(format, plant.scrap_kg, t)}
          info={INDICATOR_FORMULAS.scrap}
        />
        <FigureCard testId="figure-good-kg" label={t('dashboard.goodKg')} value={kg(format, plant.good_kg, t)} />
        <FigureCard testId="figure-billet-kg" label={t('dashboard.billetKg')} value={kg(format, plant.billet_kg, t)} />
      </div>
      {data.presses.length === 0 ? (
        <EmptyText>{t('dashboard.noPresses')}</EmptyText>
      ) : (
        <ChartFigure
          summary={t('dashboard.outputChart')}
          tableLabel={t('dashboard.chartData')}
          columns={[t('dashboard.press'), t('dashboard.netKgH'), t('dashboard.goalKgH')]}
          rows={data.presses.map((press) => [press.line_name, format.number(press.net_kg_h, 0), format.number(goalOf(press), 0)])}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data.presses.map((press) => ({ name: press.line_name, actual: exportNumber(press.net_kg_h, 0), goal: exportNumber(goalOf(press), 0) }))}
            >
              <CartesianGrid strokeDasharray="3 3" stroke={gridStroke} />
              <XAxis dataKey="name" interval={0} {...axes.x} />
              <YAxis {...axes.y} />
              <Tooltip {...tooltipStyle} formatter={(value) => format.number(Number(value), 0)} />
              <Legend />
              <Bar dataKey="actual" name={t('dashboard.actual')} fill={CHART_COLOURS.brand} isAnimationActive={false} />
              <Bar dataKey="goal" name={t('dashboard.goal')} fill={CHART_COLOURS.goal} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFigure>
      )}
    </>
  );
}
