import { mergeClasses, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { indicatorEndpoints, type DieshopIndicators } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { FigureCard, useFormat, exportNumber, exportPercent, useWidgetExport, useWidgetStyles, WidgetFrame, useIndicatorFigures } from '@planta/ui';
import { dieSummaryPath } from '../pages/die-copy.model';
import { CORRECTION_LIST_PATH } from '../pages/correction.model';
import { registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { dashboardWidgetTexts } from '../i18n/dashboard-widgets.texts';

registerDieshopTexts(correctionTexts);
registerDieshopTexts(dashboardWidgetTexts);

type Corrections = NonNullable<DieshopIndicators['corrections']>;

/** How many dies the table shows, those with the most corrections per 10 t first. */
export const TOP_DIES = 5;

const dieLabel = (row: Corrections['per_die'][number]) => `${row.die_reference}-${row.copy_number}`;

function correctionSheets(corrections: Corrections | null, t: TFunction): ExportSheet[] {
  if (!corrections) return [];
  return [
    {
      title: t('widgets.corrections.title'),
      columns: [t('widgets.figure'), t('widgets.value')],
      rows: [
        [t('widgets.corrections.open'), corrections.open],
        [t('widgets.corrections.overdue'), corrections.overdue],
        [t('widgets.corrections.openedInPeriod'), corrections.opened_in_period],
        [t('widgets.corrections.extrudedKg'), exportNumber(corrections.extruded_kg, 1)],
        [t('widgets.corrections.per10t'), exportNumber(corrections.per_10t, 3)],
        [t('widgets.corrections.decided'), corrections.first_trial.decided],
        [t('widgets.corrections.approved'), corrections.first_trial.approved],
        [`${t('widgets.corrections.firstTrial')} (%)`, exportPercent(corrections.first_trial.share)],
      ],
    },
    {
      title: t('widgets.corrections.topDies'),
      columns: [t('correction.fields.die'), t('widgets.corrections.corrections'), t('widgets.corrections.extrudedKg'), t('widgets.corrections.per10t')],
      rows: corrections.per_die.map((row) => [dieLabel(row), row.corrections, exportNumber(row.extruded_kg, 1), exportNumber(row.per_10t, 3)]),
    },
  ];
}

/**
 * 'Correcciones' (indicators dashboard): the open and overdue correction records, corrections per
 * 10 t extruded and first-trial approval with their formulas, and the dies with the most
 * corrections per 10 t. The figures come only to those who may read the correction records.
 */
export default function DieshopCorrectionsWidget({ filters, display, onExport }: WidgetProps) {
  const { t } = useTranslation('dieshop');
  const figures = useIndicatorFigures(indicatorEndpoints.dieshop, filters);
  useWidgetExport(onExport, figures.data ? correctionSheets(figures.data.corrections, t) : null);
  return <WidgetFrame live={figures}>{(data) => <CorrectionsView corrections={data.corrections} display={display} />}</WidgetFrame>;
}

function CorrectionsView({ corrections, display }: { corrections: Corrections | null; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('dieshop');
  const format = useFormat();
  if (!corrections)
    return (
      <Text className={styles.muted} data-testid="corrections-no-access">
        {t('widgets.corrections.noAccess')}
      </Text>
    );
  const records = display ? undefined : <RouterLink to={CORRECTION_LIST_PATH}>{t('widgets.corrections.toRecords')}</RouterLink>;
  const top = corrections.per_die.slice(0, TOP_DIES);
  const trial = corrections.first_trial;
  return (
    <>
      <div className={mergeClasses(styles.figures, display && styles.large)}>
        <FigureCard
          testId="figure-corrections-open"
          label={t('widgets.corrections.open')}
          value={format.number(corrections.open, 0)}
          band={corrections.open > 0 ? 'amber' : null}
          note={records}
          large={display}
        />
        <FigureCard
          testId="figure-corrections-overdue"
          label={t('widgets.corrections.overdue')}
          value={format.number(corrections.overdue, 0)}
          band={corrections.overdue > 0 ? 'red' : null}
          large={display}
        />
        <FigureCard
          testId="figure-corrections-per-10t"
          label={t('widgets.corrections.per10t')}
          value={format.number(corrections.per_10t, 2)}
          note={t('widgets.corrections.per10tNote', { count: corrections.opened_in_period, kg: format.number(corrections.extruded_kg, 0) })}
          info={t('widgets.formulas.correctionsPer10t')}
          large={display}
        />
        <FigureCard
          testId="figure-first-trial"
          label={t('widgets.corrections.firstTrial')}
          value={format.percent(trial.share)}
          note={t('widgets.corrections.firstTrialNote', { approved: trial.approved, decided: trial.decided })}
          info={t('widgets.formulas.firstTrial')}
          large={display}
        />
      </div>
      {display ? null : top.length === 0 ? (
        <Text className={styles.muted}>{t('widgets.corrections.noDies')}</Text>
      ) : (
        <div className={styles.tableWrap}>
          <Text weight="semibold">{t('widgets.corrections.topDies')}</Text>
          <Table size="extra-small" aria-label={t('widgets.corrections.topDies')} data-testid="corrections-top-dies">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('correction.fields.die')}</TableHeaderCell>
                <TableHeaderCell>{t('widgets.corrections.corrections')}</TableHeaderCell>
                <TableHeaderCell>{t('widgets.corrections.extrudedKg')}</TableHeaderCell>
                <TableHeaderCell>{t('widgets.corrections.per10t')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {top.map((row) => (
                <TableRow key={row.die_id}>
                  <TableCell>
                    <RouterLink to={dieSummaryPath(row.die_id)}>{dieLabel(row)}</RouterLink>
                  </TableCell>
                  <TableCell>{format.number(row.corrections, 0)}</TableCell>
                  <TableCell>{format.number(row.extruded_kg, 0)}</TableCell>
                  <TableCell>{format.number(row.per_10t, 2)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
