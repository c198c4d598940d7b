import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, mergeClasses } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { extrusionLineResource, INDICATOR_FORMULAS, type ProductionIndicators, oeeBand, indicatorEndpoints } from '@planta/contracts';
import type { DashboardFilters, ExportSheet, WidgetProps } from '@planta/shell-contract';
import { FigureCard, useFormat, EmptyText, WidgetFrame, exportPercent, exportNumber, useWidgetExport, useWidgetStyles, useIndicatorFigures } from '@planta/ui';
import '../i18n';

const PARTS = ['availability', 'performance', 'quality'] as const;
const BADGE_COLOURS = { red: 'danger', amber: 'warning', green: 'success' } as const;

/** Whose figures the plant figures are: the one press of the filter, or the plant. */
const scopeName = (data: ProductionIndicators, filters: DashboardFilters, t: TFunction) =>
  (filters.lineId ? data.presses.find((press) => press.line_id === filters.lineId)?.line_name : null) ?? t('dashboard.plant');

function oeeSheets(data: ProductionIndicators, filters: DashboardFilters, display: boolean, t: TFunction): ExportSheet[] {
  const figures = data.plant;
  const percent = (key: string) => t('dashboard.percentColumn', { name: t(`dashboard.${key}`) });
  const summary: ExportSheet = {
    title: t('dashboard.oeeSheet', { name: scopeName(data, filters, t) }),
    columns: [t('dashboard.figure'), t('dashboard.value')],
    rows: [
      [percent('oee'), exportPercent(figures.oee)],
      ...PARTS.map((part) => [percent(part), exportPercent(figures[part])]),
      ...(display
        ? [
            [t('dashboard.netKgH'), exportNumber(figures.net_kg_h, 1)],
            [t('dashboard.goalKgH'), exportNumber(figures.goal_kg_h, 1)],
          ]
        : []),
    ],
  };
  if (display) return [summary];
  return [
    summary,
    {
      title: t('dashboard.pressSheet'),
      columns: [t('dashboard.press'), percent('oee'), ...PARTS.map(percent)],
      rows: data.presses.map((press) => [press.line_name, exportPercent(press.oee), ...PARTS.map((part) => exportPercent(press[part]))]),
    },
  ];
}

/**
 * 'OEE por prensa': OEE of the plant (or of the filter's press) with availability, performance
 * and quality, each with its formula, OEE coloured by its band; then every press. On the
 * shop-floor display: the one press, in large type, with its net kg/h against the goal.
 */
export default function OeeWidget({ filters, display, onExport }: WidgetProps) {
  const live = useIndicatorFigures(indicatorEndpoints.production, filters);
  const { t } = useTranslation('production');
  useWidgetExport(onExport, live.data ? oeeSheets(live.data, filters, display, t) : null);
  return <WidgetFrame live={live}>{(data) => <OeeFigures data={data} filters={filters} display={display} />}</WidgetFrame>;
}

function OeeFigures({ data, filters, display }: { data: ProductionIndicators; filters: DashboardFilters; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const figures = data.plant;
  const noData = (value: number | null) => (value === null ? t('dashboard.noData') : undefined);
  return (
    <>
      <div className={display ? mergeClasses(styles.figures, styles.large) : styles.figures}>
        <FigureCard
          testId="figure-oee"
          label={t('dashboard.oee')}
          value={format.percent(figures.oee)}
          note={noData(figures.oee) ?? scopeName(data, filters, t)}
          info={INDICATOR_FORMULAS.oee}
          band={oeeBand(figures.oee)}
          large={display}
        />
        {PARTS.map((part) => (
          <FigureCard
            key={part}
            testId={`figure-${part}`}
            label={t(`dashboard.${part}`)}
            value={format.percent(figures[part])}
            note={noData(figures[part])}
            info={INDICATOR_FORMULAS[part]}
            large={display}
          />
        ))}
        {display ? (
          <FigureCard
            testId="figure-net-kg-h"
            label={t('dashboard.netKgH')}
            value={format.number(figures.net_kg_h, 0)}
            note={figures.goal_kg_h === null ? noData(figures.net_kg_h) : t('dashboard.goalNote', { goal: format.number(figures.goal_kg_h, 0) })}
            info={INDICATOR_FORMULAS.netKgH}
            large
          />
        ) : null}
      </div>
      {display ? null : data.presses.length === 0 ? (
        <EmptyText>{t('dashboard.noPresses')}</EmptyText>
      ) : (
        <div className={styles.tableWrap}>
          <Table size="extra-small" aria-label={t('dashboard.pressSheet')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('dashboard.press')}</TableHeaderCell>
                <TableHeaderCell>{t('dashboard.oee')}</TableHeaderCell>
                {PARTS.map((part) => (
                  <TableHeaderCell key={part}>{t(`dashboard.${part}`)}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.presses.map((press) => {
                const band = oeeBand(press.oee);
                return (
                  <TableRow key={press.line_id} data-testid={`oee-press-${press.line_id}`}>
                    <TableCell>
                      <RouterLink to={`${extrusionLineResource.route}/${press.line_id}`}>{press.line_name}</RouterLink>
                    </TableCell>
                    <TableCell>
                      {band ? (
                        <Badge appearance="tint" color={BADGE_COLOURS[band]} data-band={band}>
                          {format.percent(press.oee)}
                        </Badge>
                      ) : (
                        format.percent(press.oee)
                      )}
                    </TableCell>
                    {PARTS.map((part) => (
                      <TableCell key={part}>{format.percent(press[part])}</TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
