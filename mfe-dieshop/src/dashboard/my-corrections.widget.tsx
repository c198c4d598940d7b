import { Badge, Text } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CORRECTION_SEVERITIES, correctionEndpoints, type CorrectionRecordRow } from '@planta/contracts';
import { call } from '@planta/session';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { i18nKey, useCan, useFormat, type Formats, useWidgetExport, useWidgetStyles, WidgetFrame, useMyItems } from '@planta/ui';
import { CorrectionStatusBadge, SeverityBadge } from '../components/correction-badges';
import { CORRECTION_LIST_PATH, correctionRecordPath } from '../pages/correction.model';
import { registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { dashboardWidgetTexts } from '../i18n/dashboard-widgets.texts';

registerDieshopTexts(correctionTexts);
registerDieshopTexts(dashboardWidgetTexts);

/** How many records the widget lists; the rest are on the corrector's board. */
export const MY_CORRECTIONS_SHOWN = 8;
/** How many open records of one corrector are loaded (more than anyone works at once). */
const LOADED = 100;
const CORRECTOR_BOARD_PATH = '/apps/corrector-kanban-board';

const shortened = (text: string, length = 60) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const dueTime = (row: CorrectionRecordRow) => (row.due_at ? Date.parse(row.due_at) : Number.POSITIVE_INFINITY);

/** Overdue ones first, then by due date (none last), then the most severe, then the oldest. */
export function byUrgency(a: CorrectionRecordRow, b: CorrectionRecordRow): number {
  return (
    Number(b.overdue) - Number(a.overdue) ||
    dueTime(a) - dueTime(b) ||
    CORRECTION_SEVERITIES.indexOf(b.severity) - CORRECTION_SEVERITIES.indexOf(a.severity) ||
    Date.parse(a.opened_at) - Date.parse(b.opened_at) ||
    a.id - b.id
  );
}

function correctionsSheet(rows: readonly CorrectionRecordRow[], t: TFunction, format: Formats): ExportSheet {
  return {
    title: t('widgets.myCorrections.title'),
    columns: [
      t('correction.fields.number'),
      t('correction.fields.die'),
      t('correction.fields.status'),
      t('correction.fields.severity'),
      t('correction.fields.due'),
      t('correction.overdue'),
    ],
    rows: rows.map((row) => [
      row.number,
      row.die_label,
      t(`correction.enums.status.${i18nKey(row.status)}`),
      t(`correction.enums.severity.${i18nKey(row.severity)}`),
      row.due_at ? format.dateTime(row.due_at) : null,
      row.overdue ? t('widgets.yes') : t('widgets.no'),
    ]),
  };
}

/**
 * 'Mis correcciones' (welcome dashboard): the open correction records the signed-in user is the
 * assigned corrector of, overdue ones first, each a link to its record.
 */
export default function MyCorrectionsWidget({ display, onExport }: WidgetProps) {
  const { t } = useTranslation('dieshop');
  const format = useFormat();
  const figures = useMyItems(
    (me, signal) =>
      call(correctionEndpoints.list, { query: { corrector_id: me, open: 'true', pageSize: LOADED, sort: 'due_at', direction: 'asc' } }, { signal }),
    'dieshop',
    byUrgency,
  );
  useWidgetExport(onExport, figures.data ? [correctionsSheet(figures.data, t, format)] : null);
  return <WidgetFrame live={figures}>{(rows) => <CorrectionList rows={rows} display={display} />}</WidgetFrame>;
}

function CorrectionList({ rows, display }: { rows: readonly CorrectionRecordRow[]; display: boolean }) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('dieshop');
  const format = useFormat();
  const mayReadBoard = useCan(correctionEndpoints.correctorBoard);
  if (rows.length === 0)
    return (
      <Text className={styles.muted} data-testid="my-corrections-empty">
        {t('widgets.myCorrections.empty')}
      </Text>
    );
  const shown = rows.slice(0, MY_CORRECTIONS_SHOWN);
  const more = mayReadBoard
    ? { to: CORRECTOR_BOARD_PATH, label: t('widgets.myCorrections.toBoard') }
    : { to: CORRECTION_LIST_PATH, label: t('widgets.myCorrections.toRecords') };
  return (
    <>
      <ul className={styles.list} aria-label={t('widgets.myCorrections.list')} data-testid="my-corrections">
        {shown.map((row) => {
          const name = `${row.number} · ${row.die_label}`;
          return (
            <li key={row.id} className={styles.item} data-testid={`my-correction-${row.id}`}>
              {display ? <Text weight="semibold">{name}</Text> : <RouterLink to={correctionRecordPath(row.id)}>{name}</RouterLink>}
              <span className={styles.itemLine}>
                {row.overdue ? (
                  <Badge appearance="filled" color="danger">
                    {t('correction.overdue')}
                  </Badge>
                ) : null}
                <CorrectionStatusBadge status={row.status} />
                <SeverityBadge severity={row.severity} />
                <Text size={200} className={styles.muted}>
                  {[row.defect_name ?? shortened(row.description), row.due_at ? t('widgets.dueOn', { date: format.dateTime(row.due_at) }) : t('widgets.noDue')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </span>
            </li>
          );
        })}
      </ul>
      {rows.length > shown.length ? (
        <Text size={200} className={styles.muted}>
          {t('widgets.showing', { shown: shown.length, total: rows.length })}
        </Text>
      ) : null}
      {display ? null : <RouterLink to={more.to}>{more.label}</RouterLink>}
    </>
  );
}
