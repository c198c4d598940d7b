import { mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { indicatorEndpoints, type DieshopIndicators } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import {
  ChartFigure,
  FigureCard,
  i18nKey,
  isRightToLeft,
  useFormat,
  useWidgetExport,
  useWidgetStyles,
  WidgetFrame,
  useIndicatorFigures,
  InfoLabel,
} from '@planta/ui';
import { DIE_INVENTORY_PATH } from '../pages/die-copy.model';
import { registerDieshopTexts } from '../i18n';
import { dashboardWidgetTexts } from '../i18n/dashboard-widgets.texts';

registerDieshopTexts(dashboardWidgetTexts);

const stateName = (t: TFunction, state: string) => t(`enums.dieState.${i18nKey(state)}`);

function diesSheets(data: DieshopIndicators, t: TFunction): ExportSheet[] {
  return [
    {
      title: t('widgets.dies.title'),
      columns: [t('widgets.figure'), t('widgets.value')],
      rows: [
        [t('enums.nitridingDue.soon'), data.nitriding.soon],
        [t('enums.nitridingDue.overdue'), data.nitriding.overdue],
        [t('widgets.dies.scrapped'), data.scrapped_in_period],
      ],
    },
    {
      title: t('widgets.dies.byState'),
      columns: [t('widgets.dies.state'), t('widgets.dies.copies')],
      rows: data.dies_by_state.map((row) => [stateName(t, row.state), row.count]),
    },
  ];
}

/**
 * 'Matrices' (indicators dashboard): the die copies by state today, those near or past their
 * nitriding (a link to the inventory, whose nitriding filter is chosen there: the list keeps its
 * filters out of the address) and the dies scrapped in the period, each with its formula.
 */
export default function DieshopDiesWidget({ filters, display, onExport }: WidgetProps) {
  const { t } = useTranslation('dieshop');
  const figures = useIndicatorFigures(indicatorEndpoints.dieshop, filters);
  useWidgetExport(onExport, figures.data ? diesSheets(figures.data, t) : null);
  return <WidgetFrame live={figures}>{(data) => <DiesView data={data} display={display} />}</WidgetFrame>;
}

function DiesView({ data, display }: { data: DieshopIndicators; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('dieshop');
  const format = useFormat();
  const rtl = isRightToLeft();
  const states = data.dies_by_state.map((row) => ({ state: stateName(t, row.state), count: row.count }));
  const inventory = display ? undefined : <RouterLink to={DIE_INVENTORY_PATH}>{t('widgets.dies.toInventory')}</RouterLink>;
  const { soon, overdue } = data.nitriding;
  return (
    <>
      <div className={mergeClasses(styles.figures, display && styles.large)}>
        <FigureCard
          testId="figure-nitriding-soon"
          label={t('enums.nitridingDue.soon')}
          value={format.number(soon, 0)}
          band={soon > 0 ? 'amber' : null}
          info={t('widgets.formulas.nitriding')}
          note={soon > 0 ? inventory : undefined}
          large={display}
        />
        <FigureCard
          testId="figure-nitriding-overdue"
          label={t('enums.nitridingDue.overdue')}
          value={format.number(overdue, 0)}
          band={overdue > 0 ? 'red' : null}
          info={t('widgets.formulas.nitriding')}
          note={overdue > 0 ? inventory : undefined}
          large={display}
        />
        <FigureCard
          testId="figure-dies-scrapped"
          label={t('widgets.dies.scrapped')}
          value={format.number(data.scrapped_in_period, 0)}
          info={t('widgets.formulas.scrapped')}
          large={display}
        />
      </div>
      <InfoLabel info={t('widgets.formulas.diesByState')}>
        <Text weight="semibold">{t('widgets.dies.byState')}</Text>
      </InfoLabel>
      <div data-testid="chart-dies-by-state">
        <ChartFigure
          summary={t('widgets.dies.byStateSummary', { list: states.map((row) => `${row.state} ${format.number(row.count, 0)}`).join(', ') })}
          tableLabel={t('widgets.viewData')}
          columns={[t('widgets.dies.state'), t('widgets.dies.copies')]}
          rows={states.map((row) => [row.state, format.number(row.count, 0)])}
          large={display}
        >
          <ResponsiveContainer width="100%" height="100%">
            {/* Bars across: the states' names stay readable beside them. */}
            <BarChart data={states} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={tokens.colorNeutralStroke2} />
              <XAxis
                type="number"
                reversed={rtl}
                allowDecimals={false}
                tickFormatter={(value: number) => format.number(value, 0)}
                tick={{ fontSize: 11, fill: tokens.colorNeutralForeground2 }}
              />
              <YAxis
                type="category"
                dataKey="state"
                interval={0}
                orientation={rtl ? 'right' : 'left'}
                width={display ? 220 : 130}
                tick={{ fontSize: display ? 16 : 11, fill: tokens.colorNeutralForeground2 }}
              />
              <Tooltip
                formatter={(value) => format.number(Number(value), 0)}
                contentStyle={{ background: tokens.colorNeutralBackground1, borderColor: tokens.colorNeutralStroke1, color: tokens.colorNeutralForeground1 }}
              />
              <Bar dataKey="count" name={t('widgets.dies.copies')} fill={tokens.colorBrandBackground} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFigure>
      </div>
    </>
  );
}
