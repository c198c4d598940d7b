import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, mergeClasses } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { indicatorEndpoints, type MaintenanceIndicators, type ReliabilityFigures } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { FigureCard, useFormat, exportNumber, exportPercent, useWidgetExport, useWidgetStyles, WidgetFrame, useIndicatorFigures } from '@planta/ui';
import { summaryPath } from '../components/maintenance-paths';
import { hours, useReliabilityTexts } from '../components/reliability-figures';
import '../i18n';

type Reliability = MaintenanceIndicators['plant'];

/** The indicators' figures in the shape the reliability texts (the dashboard's tooltips) read. */
const asFigures = (figures: Reliability): ReliabilityFigures => ({
  periodHours: figures.period_hours,
  stopHours: figures.stop_hours,
  failureCount: figures.failures,
  failureHours: figures.failure_hours,
  mtbfHours: figures.mtbf_hours,
  mttrHours: figures.mttr_hours,
  availability: figures.availability,
  uptimeShare: figures.period_hours > 0 ? 1 - figures.stop_hours / figures.period_hours : null,
});

/** The press the figures are of: the chosen one, or all of them. */
const scopeName = (data: MaintenanceIndicators, lineId: number | null, t: TFunction) =>
  lineId !== null && data.presses.length > 0 ? data.presses.map((press) => press.name).join(', ') : t('widgets.allPresses');

function reliabilitySheets(data: MaintenanceIndicators, lineId: number | null, t: TFunction): ExportSheet[] {
  const plant = data.plant;
  const availability = `${t('reliability.availability')} (%)`;
  return [
    {
      title: t('widgets.reliability.title'),
      columns: [t('dashboard.sheet.figure'), t('dashboard.sheet.value')],
      rows: [
        [t('dashboard.sheet.press'), scopeName(data, lineId, t)],
        [`${t('reliability.mtbf')} (h)`, exportNumber(plant.mtbf_hours)],
        [`${t('reliability.mttr')} (h)`, exportNumber(plant.mttr_hours)],
        [availability, exportPercent(plant.availability)],
        [t('dashboard.failures'), plant.failures],
        [t('dashboard.stopHours'), exportNumber(plant.stop_hours)],
      ],
    },
    {
      title: t('widgets.reliability.perPress'),
      columns: [
        t('dashboard.sheet.press'),
        `${t('reliability.mtbf')} (h)`,
        `${t('reliability.mttr')} (h)`,
        availability,
        t('dashboard.failures'),
        t('dashboard.stopHours'),
      ],
      rows: data.presses.map((press) => [
        press.name,
        exportNumber(press.mtbf_hours),
        exportNumber(press.mttr_hours),
        exportPercent(press.availability),
        press.failures,
        exportNumber(press.stop_hours),
      ]),
    },
  ];
}

/**
 * 'Confiabilidad de prensas' (indicators dashboard): MTBF, MTTR and availability of the presses
 * (or of the chosen one) with their formulas, and a small table per press; on the shop-floor
 * display the one press in large figures, without the table or links.
 */
export default function MaintenanceReliabilityWidget({ filters, display, onExport }: WidgetProps) {
  const { t } = useTranslation('maintenance');
  const figures = useIndicatorFigures(indicatorEndpoints.maintenance, filters);
  useWidgetExport(onExport, figures.data ? reliabilitySheets(figures.data, filters.lineId, t) : null);
  return <WidgetFrame live={figures}>{(data) => <ReliabilityView data={data} display={display} lineId={filters.lineId} />}</WidgetFrame>;
}

function ReliabilityView({ data, display, lineId }: { data: MaintenanceIndicators; display: boolean; lineId: number | null }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const texts = useReliabilityTexts()(asFigures(data.plant));
  const formulas = { mtbf: t('widgets.formulas.mtbf'), mttr: t('widgets.formulas.mttr'), availability: t('widgets.formulas.availability') };
  return (
    <>
      {/* The shop-floor display names its press above the widgets. */}
      {!display && lineId !== null ? (
        <Text className={styles.muted} data-testid="reliability-press">
          {scopeName(data, lineId, t)}
        </Text>
      ) : null}
      <div className={mergeClasses(styles.figures, display && styles.large)}>
        {(['mtbf', 'mttr', 'availability'] as const).map((name) => (
          <FigureCard
            key={name}
            testId={`figure-${name}`}
            label={texts[name].label}
            value={texts[name].value}
            note={texts[name].note}
            large={display}
            info={[formulas[name], ...texts[name].info].map((line, index) => (
              <div key={index}>{line}</div>
            ))}
          />
        ))}
      </div>
      {display ? null : data.presses.length === 0 ? (
        <Text className={styles.muted}>{t('widgets.reliability.noPresses')}</Text>
      ) : (
        <div className={styles.tableWrap}>
          <Table size="extra-small" aria-label={t('widgets.reliability.perPress')} data-testid="reliability-presses">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('dashboard.sheet.press')}</TableHeaderCell>
                <TableHeaderCell>{t('reliability.mtbf')}</TableHeaderCell>
                <TableHeaderCell>{t('reliability.mttr')}</TableHeaderCell>
                <TableHeaderCell>{t('reliability.availability')}</TableHeaderCell>
                <TableHeaderCell>{t('dashboard.failures')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.presses.map((press) => (
                <TableRow key={press.machine_id}>
                  <TableCell>
                    <RouterLink to={summaryPath(press.machine_id)}>{press.name}</RouterLink>
                  </TableCell>
                  <TableCell>{hours(format, press.mtbf_hours)}</TableCell>
                  <TableCell>{hours(format, press.mttr_hours)}</TableCell>
                  <TableCell>{format.percent(press.availability)}</TableCell>
                  <TableCell>{format.number(press.failures, 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
