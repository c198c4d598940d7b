import { Badge, Text } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CORRECTION_ORIGINS, CORRECTION_STATUSES, correctionEndpoints, type CorrectionPerson, type CorrectionRecordRow } from '@planta/contracts';
import { call } from '@planta/session';
import { ResourceList, useFormat, type ListFilter, type ResourceColumn } from '@planta/ui';
import { CorrectionStatusBadge, EffectivenessBadge, SeverityBadge, useCorrectionNames } from '../components/correction-badges';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import { CORRECTION_LIST_PATH, CORRECTION_NEW_PATH, correctionRecordPath } from './correction.model';

registerDieshopTexts(correctionTexts);

/**
 * /apps/correction-record/all: the company's correction records (the non-conformities of its die
 * copies) with their state, corrector and due date; filters by state, origin, corrector and
 * overdue, the search by number or die, Excel export and 'Nuevo registro'. A row opens the record.
 */
export default function CorrectionRecordListPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const navigate = useNavigate();
  const names = useCorrectionNames();
  const [correctors, setCorrectors] = useState<CorrectionPerson[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    call(correctionEndpoints.people, {}, { signal: controller.signal }).then(
      (people) => setCorrectors(people.correctors),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const columns = useMemo<ResourceColumn<CorrectionRecordRow>[]>(
    () => [
      // A number (NC-2026-0012) and a die reference (EN-1042-1) are read whole: no break at their hyphens.
      {
        key: 'number',
        label: t('correction.fields.number'),
        sortable: true,
        render: (row) => (
          <Text weight="semibold" wrap={false}>
            {row.number}
          </Text>
        ),
        width: 14,
      },
      // What a die technician reads first stays in the table on a tablet (issue 38): the number, the
      // die, the state, the deadline, the attempts and the effectiveness; the rest opens in the row.
      {
        key: 'die_label',
        label: t('correction.fields.die'),
        sortable: true,
        render: (row) => <Text wrap={false}>{row.die_label}</Text>,
        width: 16,
        priority: 1,
      },
      { key: 'defect_name', label: t('correction.fields.defect'), render: (row) => row.defect_name ?? '—', width: 26 },
      {
        key: 'severity',
        label: t('correction.fields.severity'),
        sortable: true,
        render: (row) => <SeverityBadge severity={row.severity} />,
        exportValue: (row) => names.severity(row.severity),
        priority: 3,
      },
      {
        key: 'status',
        label: t('correction.fields.status'),
        sortable: true,
        render: (row) => (
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            <CorrectionStatusBadge status={row.status} />
            {row.auto_draft && row.status === 'draft' ? (
              <Badge size="small" appearance="outline">
                {t('correction.autoDraft')}
              </Badge>
            ) : null}
          </span>
        ),
        exportValue: (row) => names.status(row.status),
        width: 18,
        priority: 1,
      },
      { key: 'origin', label: t('correction.fields.origin'), shown: false, exportValue: (row) => names.origin(row.origin) },
      {
        key: 'corrector_name',
        label: t('correction.fields.corrector'),
        sortable: true,
        render: (row) => row.corrector_name ?? t('correction.noCorrector'),
        width: 22,
      },
      {
        key: 'due_at',
        label: t('correction.fields.due'),
        sortable: true,
        render: (row) =>
          row.due_at ? (
            <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
              <Text>{format.date(row.due_at)}</Text>
              {row.overdue ? (
                <Badge appearance="filled" color="danger" size="small">
                  {t('correction.overdue')}
                </Badge>
              ) : null}
            </span>
          ) : (
            '—'
          ),
        exportValue: (row) => (row.due_at ? new Date(row.due_at) : null),
        priority: 1,
      },
      { key: 'overdue', label: t('correction.overdue'), shown: false, exportValue: (row) => (row.overdue ? t('correction.overdue') : '') },
      { key: 'attempts', label: t('correction.fields.attempts'), render: (row) => String(row.attempts), priority: 1 },
      {
        key: 'effectiveness',
        label: t('correction.fields.effectiveness'),

        render: (row) => <EffectivenessBadge effectiveness={row.effectiveness} />,
        exportValue: (row) => names.effectiveness(row.effectiveness),
        priority: 1,
      },
      {
        key: 'opened_at',
        label: t('correction.fields.openedAt'),
        sortable: true,
        render: (row) => format.date(row.opened_at),
        exportValue: (row) => new Date(row.opened_at),
        priority: 3,
      },
    ],
    // The labels follow the language, and the formats with it.
    [t, format.language],
  );

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        key: 'status',
        label: t('correctionList.filters.status'),
        type: 'choice',
        options: CORRECTION_STATUSES.map((value) => ({ value, label: names.status(value) })),
      },
      {
        key: 'origin',
        label: t('correctionList.filters.origin'),
        type: 'choice',
        options: CORRECTION_ORIGINS.map((value) => ({ value, label: names.origin(value) })),
      },
      {
        key: 'corrector_id',
        label: t('correctionList.filters.corrector'),
        type: 'choice',
        options: correctors.map((person) => ({ value: String(person.id), label: person.name })),
      },
      {
        key: 'overdue',
        label: t('correctionList.filters.overdue'),
        type: 'choice',
        options: [
          { value: 'true', label: t('correctionList.overdueOnly') },
          { value: 'false', label: t('correctionList.onTime') },
        ],
      },
    ],
    [t, correctors],
  );

  return (
    <ResourceList<CorrectionRecordRow>
      list={correctionEndpoints.list}
      create={correctionEndpoints.create}
      basePath={CORRECTION_LIST_PATH.replace(/\/all$/, '')}
      title={t('correctionList.title')}
      columns={columns}
      emptyText={t('correctionList.empty')}
      exportName={t('correctionList.exportName')}
      defaultSort={{ key: 'opened_at', direction: 'desc' }}
      defaultPageSize={25}
      filters={filters}
      onOpen={(row) => navigate(correctionRecordPath(row.id))}
      onCreate={() => navigate(CORRECTION_NEW_PATH)}
      createLabel={t('correctionList.newRecord')}
    />
  );
}
