import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { INDICATOR_FORMULAS, type ProductionIndicators, indicatorEndpoints } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { FigureCard, useFormat, EmptyText, WidgetFrame, exportPercent, useWidgetExport, useWidgetStyles, useIndicatorFigures } from '@planta/ui';
import '../i18n';

// 'late': missed marks answered afterwards ('Tardíos'), neither on time nor missed.
const COUNTS = ['expected', 'answered', 'late', 'missed'] as const;

function checksSheets(data: ProductionIndicators, t: TFunction): ExportSheet[] {
  const share = t('dashboard.percentColumn', { name: t('dashboard.checks.share') });
  const counts = COUNTS.map((count) => t(`dashboard.checks.${count}`));
  return [
    {
      title: t('dashboard.checks.sheet'),
      columns: [t('dashboard.figure'), t('dashboard.value')],
      rows: [...COUNTS.map((count, index) => [counts[index], data.plant.checks[count]]), [share, exportPercent(data.plant.checks.share)]],
    },
    {
      title: t('dashboard.checks.pressSheet'),
      columns: [t('dashboard.press'), ...counts, share],
      rows: data.presses.map((press) => [press.line_name, ...COUNTS.map((count) => press.checks[count]), exportPercent(press.checks.share)]),
    },
  ];
}

/** 'Controles dimensionales': the 10-minute critical-dimension checks expected, answered on time, answered late and missed, and their share, per press. */
export default function ChecksWidget({ filters, onExport }: WidgetProps) {
  const live = useIndicatorFigures(indicatorEndpoints.production, filters);
  const { t } = useTranslation('production');
  useWidgetExport(onExport, live.data ? checksSheets(live.data, t) : null);
  return <WidgetFrame live={live}>{(data) => <ChecksFigures data={data} />}</WidgetFrame>;
}

function ChecksFigures({ data }: { data: ProductionIndicators }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const checks = data.plant.checks;
  return (
    <>
      <div className={styles.figures}>
        <FigureCard
          testId="figure-checks-share"
          label={t('dashboard.checks.share')}
          value={format.percent(checks.share)}
          note={checks.share === null ? t('dashboard.noData') : undefined}
          info={INDICATOR_FORMULAS.checks}
        />
        {COUNTS.map((count) => (
          <FigureCard key={count} testId={`figure-checks-${count}`} label={t(`dashboard.checks.${count}`)} value={format.number(checks[count], 0)} />
        ))}
      </div>
      {data.presses.length === 0 ? (
        <EmptyText>{t('dashboard.noPresses')}</EmptyText>
      ) : (
        // Six columns may scroll across a narrow widget: the region takes the keyboard's focus to scroll it.
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('dashboard.checks.pressSheet')}>
          <Table size="extra-small" aria-label={t('dashboard.checks.pressSheet')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('dashboard.press')}</TableHeaderCell>
                {COUNTS.map((count) => (
                  <TableHeaderCell key={count}>{t(`dashboard.checks.${count}`)}</TableHeaderCell>
                ))}
                <TableHeaderCell>{t('dashboard.checks.share')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.presses.map((press) => (
                <TableRow key={press.line_id} data-testid={`checks-press-${press.line_id}`}>
                  <TableCell>{press.line_name}</TableCell>
                  {COUNTS.map((count) => (
                    <TableCell key={count}>{format.number(press.checks[count], 0)}</TableCell>
                  ))}
                  <TableCell>{format.percent(press.checks.share)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
