import { Badge, Text } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { dieEnlistmentEndpoints, type EnlistmentRow } from '@planta/contracts';
import { call } from '@planta/session';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { i18nKey, useFormat, useLiveFigures, type Formats, useWidgetExport, useWidgetStyles, WidgetFrame } from '@planta/ui';
import { ENLISTMENT_PATH, ENLISTMENT_STATUS_COLORS, enlistmentPath } from '../pages/die-enlistment.shared';
import { registerDieshopTexts } from '../i18n';
import { dieEnlistmentTexts } from '../i18n/die-enlistment.texts';
import { dashboardWidgetTexts } from '../i18n/dashboard-widgets.texts';

registerDieshopTexts(dieEnlistmentTexts);
registerDieshopTexts(dashboardWidgetTexts);

/** How many preparations are loaded: a day's dies, and then some. */
const LOADED = 100;
const HOUR_MS = 3_600_000;

/** Whole hours from `now` to the end of tomorrow in the browser's day (what `due_within_hours` asks for). */
export function hoursToEndOfTomorrow(now = new Date()): number {
  const end = new Date(now);
  end.setHours(48, 0, 0, 0);
  return Math.min(168, Math.max(1, Math.ceil((end.getTime() - now.getTime()) / HOUR_MS)));
}

const dieName = (t: TFunction, row: EnlistmentRow) => t('enlistment.dieCopy', { reference: row.die_reference, copy: row.copy_number });

function tomorrowSheet(rows: readonly EnlistmentRow[], t: TFunction, format: Formats): ExportSheet {
  return {
    title: t('widgets.tomorrow.title'),
    columns: [
      t('enlistment.number'),
      t('enlistment.die'),
      t('enlistment.order'),
      t('enlistment.line'),
      t('enlistment.neededAt'),
      t('enlistment.status'),
      t('enlistment.overdue'),
    ],
    rows: rows.map((row) => [
      row.number,
      dieName(t, row),
      row.order_number,
      row.line_name,
      format.dateTime(row.needed_at),
      t(`enums.enlistmentStatus.${i18nKey(row.status)}`),
      row.overdue ? t('widgets.yes') : t('widgets.no'),
    ]),
  };
}

/**
 * 'Matrices para mañana' (welcome dashboard): the preparations of dies needed by the end of
 * tomorrow (the planned orders' dies) that are not ready yet, late ones first, each a link to its
 * preparation.
 */
export default function DieshopTomorrowWidget({ display, onExport }: WidgetProps) {
  const { t } = useTranslation('dieshop');
  const format = useFormat();
  const figures = useLiveFigures(
    async (signal) => (await call(dieEnlistmentEndpoints.all, { query: { due_within_hours: hoursToEndOfTomorrow(), pageSize: LOADED } }, { signal })).items,
    ['dieshop'],
    'tomorrow',
  );
  useWidgetExport(onExport, figures.data ? [tomorrowSheet(figures.data, t, format)] : null);
  return <WidgetFrame live={figures}>{(rows) => <TomorrowList rows={rows} display={display} />}</WidgetFrame>;
}

function TomorrowList({ rows, display }: { rows: readonly EnlistmentRow[]; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('dieshop');
  const format = useFormat();
  if (rows.length === 0)
    return (
      <Text className={styles.muted} data-testid="tomorrow-empty">
        {t('widgets.tomorrow.empty')}
      </Text>
    );
  return (
    <>
      <ul className={styles.list} aria-label={t('widgets.tomorrow.list')} data-testid="tomorrow-dies">
        {rows.map((row) => {
          const name = `${row.number} · ${dieName(t, row)}`;
          return (
            <li key={row.id} className={styles.item} data-testid={`tomorrow-${row.id}`}>
              {display ? <Text weight="semibold">{name}</Text> : <RouterLink to={enlistmentPath(row.id)}>{name}</RouterLink>}
              <span className={styles.itemLine}>
                {row.overdue ? (
                  <Badge appearance="filled" color="danger">
                    {t('enlistment.overdue')}
                  </Badge>
                ) : null}
                <Badge appearance="tint" color={ENLISTMENT_STATUS_COLORS[row.status]}>
                  {t(`enums.enlistmentStatus.${i18nKey(row.status)}`)}
                </Badge>
                <Text size={200} className={styles.muted}>
                  {[row.order_number, row.line_name, format.dateTime(row.needed_at)].filter(Boolean).join(' · ')}
                </Text>
              </span>
            </li>
          );
        })}
      </ul>
      {display ? null : <RouterLink to={`${ENLISTMENT_PATH}/all`}>{t('widgets.tomorrow.toList')}</RouterLink>}
    </>
  );
}
