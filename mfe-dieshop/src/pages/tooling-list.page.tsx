import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOL_KINDS, TOOL_STATES, toolEndpoints, type Tool } from '@planta/contracts';
import { i18nKey, ResourceList, useFormat, usePageName, type ListFilter, type ResourceColumn } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { toolingTexts } from '../i18n/tooling.texts';
import { TOOL_STATE_COLORS, TOOLING_PATH } from './tooling.shared';

registerDieshopTexts(toolingTexts);

const useStyles = makeStyles({
  // A narrow cell (a tablet) wraps the label inside the badge instead of running out of it.
  badge: { height: 'auto', minHeight: '20px', whiteSpace: 'normal' },
  failed: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** /apps/herramental/all: the press tooling register with its state, compatible lines, last check and the preparation holding it. */
export default function ToolingListPage() {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('tooling');
  const format = useFormat();
  const labels = useMemo(
    () => ({
      kind: TOOL_KINDS.map((value) => ({ value, label: t(`enums.toolKind.${i18nKey(value)}`) })),
      state: TOOL_STATES.map((value) => ({ value, label: t(`enums.toolState.${i18nKey(value)}`) })),
    }),
    [t],
  );
  const columns = useMemo<ResourceColumn<Tool>[]>(
    () => [
      { key: 'code', label: t('tooling.code'), sortable: true, width: 14 },
      {
        key: 'kind',
        label: t('tooling.kind'),
        sortable: true,
        labels: labels.kind,
        render: (row) => t(`enums.toolKind.${i18nKey(row.kind)}`),
        exportValue: (row) => t(`enums.toolKind.${i18nKey(row.kind)}`),
      },
      { key: 'description', label: t('tooling.description'), width: 30 },
      {
        key: 'state',
        label: t('tooling.state'),
        sortable: true,
        labels: labels.state,
        render: (row) => (
          <>
            <Badge appearance="tint" color={TOOL_STATE_COLORS[row.state]} className={styles.badge}>
              {t(`enums.toolState.${i18nKey(row.state)}`)}
            </Badge>
            {row.held_by ? <Caption1 block>{row.held_by.number}</Caption1> : null}
          </>
        ),
        exportValue: (row) => `${t(`enums.toolState.${i18nKey(row.state)}`)}${row.held_by ? ` · ${row.held_by.number}` : ''}`,
      },
      {
        key: 'compatible_line_names',
        label: t('tooling.lines'),
        width: 24,
        render: (row) => (row.compatible_line_names.length ? row.compatible_line_names.join(', ') : t('tooling.allLines')),
        exportValue: (row) => (row.compatible_line_names.length ? row.compatible_line_names.join(', ') : t('tooling.allLines')),
      },
      { key: 'location', label: t('tooling.location'), sortable: true },
      {
        key: 'last_check_at',
        label: t('tooling.lastCheck'),
        sortable: true,
        render: (row) => (
          <>
            {format.dateTime(row.last_check_at)}
            {row.last_check_ok === false ? (
              <Caption1 block className={styles.failed}>
                {t('tooling.checkFailed')}
              </Caption1>
            ) : null}
          </>
        ),
        exportValue: (row) => (row.last_check_at ? new Date(row.last_check_at) : null),
      },
    ],
    [t, format, labels, styles],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'kind', label: t('tooling.kind'), type: 'choice', options: labels.kind },
      { key: 'state', label: t('tooling.state'), type: 'choice', options: labels.state },
    ],
    [t, labels],
  );
  return (
    <ResourceList<Tool>
      list={toolEndpoints.all}
      create={toolEndpoints.create}
      basePath={TOOLING_PATH}
      title={pageName}
      columns={columns}
      filters={filters}
      emptyText={t('tooling.empty')}
      exportName="herramental"
      defaultSort={{ key: 'code', direction: 'asc' }}
    />
  );
}
