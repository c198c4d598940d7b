import { Badge, Button } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  FAILURE_REPORT_KINDS,
  FAILURE_REPORT_STATUSES,
  FAILURE_SEVERITIES,
  failureReportEndpoints,
  liveEvents,
  type FailureReportRow,
} from '@planta/contracts';
import { subscribe } from '@planta/session';
import { i18nKey, ResourceList, useCan, useFormat, usePageName, type ListFilter, type ResourceColumn } from '@planta/ui';
import '../i18n';
import { REPORTS_PATH, SEVERITY_COLORS, STATUS_COLORS } from './failure-report.shared';

/**
 * /apps/failure-damage-report/all: every report of the company, newest first; search, filters,
 * Excel export; 'Reportar falla' for whoever may file one. A submitted report reaches the leads'
 * open lists live (failureReportSubmitted).
 */
export default function FailureReportListPage() {
  const { t } = useTranslation(['maintenance', 'common']);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('failure-damage-report');
  const format = useFormat();
  const navigate = useNavigate();
  const mayReport = useCan(failureReportEndpoints.create);
  const [reloadKey, setReloadKey] = useState(0);
  useEffect(() => subscribe(liveEvents.failureReportSubmitted, () => setReloadKey((key) => key + 1)), []);

  const labels = useMemo(
    () => ({
      status: FAILURE_REPORT_STATUSES.map((value) => ({ value, label: t(`maintenance:enums.reportStatus.${i18nKey(value)}`) })),
      kind: FAILURE_REPORT_KINDS.map((value) => ({ value, label: t(`maintenance:enums.reportKind.${i18nKey(value)}`) })),
      severity: FAILURE_SEVERITIES.map((value) => ({ value, label: t(`maintenance:enums.severity.${i18nKey(value)}`) })),
    }),
    [t],
  );
  const columns = useMemo<ResourceColumn<FailureReportRow>[]>(() => {
    const label = (list: 'status' | 'kind' | 'severity', value: string) => labels[list].find((entry) => entry.value === value)?.label ?? value;
    return [
      { key: 'number', label: t('maintenance:failureReport.number'), sortable: true, width: 16 },
      {
        key: 'reported_at',
        label: t('maintenance:failureReport.reportedAt'),
        sortable: true,
        render: (row) => format.dateTime(row.reported_at),
        exportValue: (row) => new Date(row.reported_at),
      },
      {
        key: 'machine_name',
        label: t('maintenance:failureReport.machine'),
        sortable: true,
        width: 24,
        render: (row) => row.machine_name ?? row.area,
        exportValue: (row) => row.machine_name ?? row.area,
      },
      {
        key: 'severity',
        label: t('maintenance:failureReport.kindSeverity'),
        sortable: true,
        // Kind and severity in one cell: a tablet's list keeps room for the description.
        render: (row) => (
          <>
            {`${label('kind', row.kind)} `}
            <Badge appearance="tint" color={SEVERITY_COLORS[row.severity]}>
              {label('severity', row.severity)}
            </Badge>
          </>
        ),
        exportValue: (row) => `${label('kind', row.kind)} · ${label('severity', row.severity)}`,
      },
      {
        key: 'description',
        label: t('maintenance:failureReport.description'),
        width: 40,
        // The first words and how many photos (the whole text is one tap away); the export keeps it all.
        render: (row) =>
          `${row.description.length > 60 ? `${row.description.slice(0, 59)}…` : row.description}${row.photo_count ? ` · ${t('maintenance:failureReport.photoCountText', { count: row.photo_count })}` : ''}`,
      },
      {
        key: 'status',
        label: t('maintenance:failureReport.status'),
        sortable: true,
        render: (row) => (
          <>
            <Badge appearance="filled" color={STATUS_COLORS[row.status]}>
              {label('status', row.status)}
            </Badge>
            {row.work_order_number ? ` ${row.work_order_number}` : null}
          </>
        ),
        exportValue: (row) => [label('status', row.status), row.work_order_number].filter(Boolean).join(' '),
      },
      { key: 'reporter_name', label: t('maintenance:failureReport.reporter'), width: 22, render: (row) => row.reporter_name ?? '—' },
    ];
  }, [t, format, labels]);
  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'status', label: t('maintenance:failureReport.status'), type: 'choice', options: labels.status },
      { key: 'kind', label: t('maintenance:failureReport.kind'), type: 'choice', options: labels.kind },
      { key: 'severity', label: t('maintenance:failureReport.severity'), type: 'choice', options: labels.severity },
      {
        key: 'mine',
        label: t('maintenance:failureReport.mine'),
        type: 'choice',
        options: [{ value: 'true', label: t('common:words.yes') }],
      },
    ],
    [t, labels],
  );

  return (
    <ResourceList<FailureReportRow>
      list={failureReportEndpoints.all}
      basePath={REPORTS_PATH}
      title={pageName}
      emptyText={t('maintenance:failureReport.empty')}
      exportName="reportes-de-fallas"
      columns={columns}
      filters={filters}
      defaultSort={{ key: 'reported_at', direction: 'desc' }}
      defaultPageSize={25}
      reloadKey={reloadKey}
      actions={
        mayReport ? (
          <Button appearance="primary" size="large" icon={<WarningRegular />} onClick={() => navigate(`${REPORTS_PATH}/new`)}>
            {t('maintenance:failureReport.report')}
          </Button>
        ) : null
      }
    />
  );
}
