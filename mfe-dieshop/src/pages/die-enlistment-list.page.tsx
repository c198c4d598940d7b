import { Badge, Caption1, Card, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AlertUrgentRegular, ClockAlarmRegular, WarningRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dieEnlistmentEndpoints, ENLISTMENT_SOON_HOURS, ENLISTMENT_STATUSES, type EnlistmentRow } from '@planta/contracts';
import { call } from '@planta/session';
import { i18nKey, ResourceList, useCan, useFormat, type ListFilter, type ResourceColumn } from '@planta/ui';
import { EnlistmentRequestDialog } from '../components/enlistment-request.dialog';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieEnlistmentTexts } from '../i18n/die-enlistment.texts';
import { ENLISTMENT_PATH, ENLISTMENT_STATUS_COLORS, enlistmentPath } from './die-enlistment.shared';

registerDieshopTexts(dieEnlistmentTexts);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column' },
  soon: { margin: '24px 24px 0', padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '6px', maxWidth: '1232px' },
  soonList: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
  alerts: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  late: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** The dies needed in the next hours and not ready yet: what the die shop does next. */
function NeededSoon({ reloadKey }: { reloadKey: number }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const navigate = useNavigate();
  const [rows, setRows] = useState<EnlistmentRow[] | null>(null);
  useEffect(() => {
    call(dieEnlistmentEndpoints.all, { query: { due_within_hours: ENLISTMENT_SOON_HOURS, pageSize: 50, page: 1, direction: 'asc' } }).then(
      (page) => setRows(page.items),
      () => setRows([]),
    );
  }, [reloadKey]);
  if (rows === null) return null;
  return (
    <Card className={styles.soon} data-testid="enlistment-soon">
      <Text weight="semibold">
        {rows.length === 0 ? t('enlistment.soonNone', { hours: ENLISTMENT_SOON_HOURS }) : t('enlistment.soonTitle', { hours: ENLISTMENT_SOON_HOURS })}
      </Text>
      {rows.length > 0 ? (
        <ul className={styles.soonList}>
          {rows.map((row) => (
            <li key={row.id}>
              <Link href={enlistmentPath(row.id)} onClick={(event) => (event.preventDefault(), navigate(enlistmentPath(row.id)))}>
                {row.number}
              </Link>{' '}
              <span className={row.overdue ? styles.late : undefined}>
                {t('enlistment.soonItem', {
                  die: t('enlistment.dieCopy', { reference: row.die_reference, copy: row.copy_number }),
                  line: row.line_name ?? '—',
                  at: format.dateTime(row.needed_at),
                })}
              </span>{' '}
              · {t(`enums.enlistmentStatus.${i18nKey(row.status)}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/**
 * /apps/die_enlistment/all: open preparations, overdue first then by the time the die is needed (the
 * status filter shows delivered and cancelled ones); 'Solicitar alistamiento'.
 */
export default function DieEnlistmentListPage() {
  const styles = useStyles();
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const mayRequest = useCan(dieEnlistmentEndpoints.create);
  const [requesting, setRequesting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);

  const statusLabels = useMemo(() => ENLISTMENT_STATUSES.map((value) => ({ value, label: t(`enums.enlistmentStatus.${i18nKey(value)}`) })), [t]);
  const columns = useMemo<ResourceColumn<EnlistmentRow>[]>(
    () => [
      { key: 'number', label: t('enlistment.number'), sortable: true, width: 14 },
      {
        key: 'needed_at',
        label: t('enlistment.neededAt'),
        sortable: true,
        render: (row) => <span className={row.overdue ? styles.late : undefined}>{format.dateTime(row.needed_at)}</span>,
        exportValue: (row) => new Date(row.needed_at),
      },
      {
        key: 'die_reference',
        label: t('enlistment.die'),
        sortable: true,
        width: 20,
        render: (row) => t('enlistment.dieCopy', { reference: row.die_reference, copy: row.copy_number }),
        exportValue: (row) => `${row.die_reference}-${row.copy_number}`,
      },
      { key: 'line_name', label: t('enlistment.line'), sortable: true, render: (row) => row.line_name ?? '—' },
      { key: 'order_number', label: t('enlistment.order'), render: (row) => row.order_number ?? '—' },
      {
        key: 'status',
        label: t('enlistment.status'),
        sortable: true,
        labels: statusLabels,
        render: (row) => (
          <Badge appearance="tint" color={ENLISTMENT_STATUS_COLORS[row.status]}>
            {t(`enums.enlistmentStatus.${i18nKey(row.status)}`)}
          </Badge>
        ),
        exportValue: (row) => t(`enums.enlistmentStatus.${i18nKey(row.status)}`),
      },
      {
        key: 'alerts',
        label: t('enlistment.alerts'),
        width: 30,
        render: (row) => (
          <span className={styles.alerts}>
            {row.overdue ? (
              <Badge color="danger" icon={<AlertUrgentRegular />}>
                {t('enlistment.overdue')}
              </Badge>
            ) : row.needed_soon ? (
              <Badge color="warning">{t('enlistment.neededSoon')}</Badge>
            ) : null}
            {row.dwell_alarm ? (
              <Badge color="danger" icon={<ClockAlarmRegular />}>
                {t('enlistment.dwellAlarm')}
              </Badge>
            ) : null}
            {row.warnings.length > 0 ? (
              <>
                <Badge color="warning" appearance="tint" icon={<WarningRegular />}>
                  {t('enlistment.warningCount', { count: row.warnings.length })}
                </Badge>
                {/* The warnings themselves in words: a tablet shows no hover title. */}
                {row.warnings.map((warning) => (
                  <Caption1 key={warning}>{warning}</Caption1>
                ))}
              </>
            ) : null}
          </span>
        ),
        exportValue: (row) =>
          [row.overdue ? t('enlistment.overdue') : '', row.dwell_alarm ? t('enlistment.dwellAlarm') : '', ...row.warnings].filter(Boolean).join(' · '),
      },
    ],
    [t, format, statusLabels, styles],
  );
  const filters = useMemo<ListFilter[]>(() => [{ key: 'status', label: t('enlistment.status'), type: 'choice', options: statusLabels }], [t, statusLabels]);

  return (
    <div className={styles.page}>
      <NeededSoon reloadKey={reloadKey} />
      <ResourceList<EnlistmentRow>
        list={dieEnlistmentEndpoints.all}
        create={dieEnlistmentEndpoints.create}
        onCreate={mayRequest ? () => setRequesting(true) : undefined}
        basePath={ENLISTMENT_PATH}
        title={t('enlistment.title')}
        columns={columns}
        filters={filters}
        emptyText={t('enlistment.empty')}
        exportName="alistamientos"
        reloadKey={reloadKey}
      />
      {requesting ? (
        <EnlistmentRequestDialog
          onClose={() => setRequesting(false)}
          onCreated={(created) => {
            setRequesting(false);
            setReloadKey((key) => key + 1);
            navigate(enlistmentPath(created.id));
          }}
        />
      ) : null}
    </div>
  );
}
