import { makeStyles, mergeClasses, Title2, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { GRANT_ACTIONS, permissionEndpoints, type PageRoleRow } from '@planta/contracts';
import { type ResourceColumn, ResourceList, useRoleLabel } from '@planta/ui';
import { PageRoleDialog } from '../components/page-role-dialog';
import { PageRoleMatrixView } from '../components/page-role-matrix';
import '../i18n';

const LIST_PATH = '/apps/page-role';
/** `/apps/page-role/matrix`: the pages × roles view of the same permissions. */
const MATRIX = 'matrix';

const useStyles = makeStyles({
  // Two views of one screen at their own addresses: links (not tabs) that read like tabs.
  views: { display: 'flex', gap: '4px', padding: '16px 24px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  view: {
    padding: '10px 12px',
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    borderBottom: '3px solid transparent',
    fontWeight: tokens.fontWeightRegular,
    ':hover': { color: tokens.colorNeutralForeground1, borderBottomColor: tokens.colorNeutralStroke1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  current: { color: tokens.colorNeutralForeground1, borderBottomColor: tokens.colorBrandStroke1, fontWeight: tokens.fontWeightSemibold },
  matrix: { padding: '16px 24px 24px', display: 'flex', flexDirection: 'column', gap: '12px' },
});

/**
 * Page-role permissions (spec 2.4): the table (`/apps/page-role/all`, search, rows per page) whose
 * rows open the permissions dialog (`/apps/page-role/<id>`), and the matrix (`/apps/page-role/matrix`).
 */
export default function PageRolePage() {
  const { t } = useTranslation(['admin', 'common']);
  const roleLabel = useRoleLabel();
  const styles = useStyles();
  const navigate = useNavigate();
  const { id } = useParams();
  const view = id === MATRIX ? MATRIX : 'all';
  const grantId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [reloadKey, setReloadKey] = useState(0);

  const columns = useMemo<ResourceColumn<PageRoleRow>[]>(() => {
    const granted = (row: PageRoleRow) =>
      GRANT_ACTIONS.filter((action) => row[action])
        .map((action) => t(`admin:pageRole.actions.${action}`))
        .join(', ') || t('admin:pageRole.none');
    return [
      { key: 'page_name', label: t('admin:pageRole.columns.page_name'), sortable: true, width: 26 },
      { key: 'page_description', label: t('admin:pageRole.columns.page_description'), sortable: true, width: 40 },
      { key: 'page_alias', label: t('admin:pageRole.columns.page_alias'), sortable: true, width: 20 },
      {
        key: 'role_name',
        label: t('admin:pageRole.columns.role_name'),
        sortable: true,
        width: 14,
        render: (row: PageRoleRow) => roleLabel(row.role_name),
        exportValue: (row: PageRoleRow) => roleLabel(row.role_name),
      },
      { key: 'role_description', label: t('admin:pageRole.columns.role_description'), sortable: true, width: 30 },
      { key: 'grants', label: t('admin:pageRole.columns.grants'), width: 30, render: granted, exportValue: granted },
    ];
  }, [t, roleLabel]);

  return (
    <>
      <nav className={styles.views} aria-label={t('admin:pageRole.views.label')}>
        {(['all', MATRIX] as const).map((target) => (
          <Link
            key={target}
            to={`${LIST_PATH}/${target}`}
            aria-current={view === target ? 'page' : undefined}
            className={mergeClasses(styles.view, view === target && styles.current)}
          >
            {t(target === MATRIX ? 'admin:pageRole.views.matrix' : 'admin:pageRole.views.table')}
          </Link>
        ))}
      </nav>
      {view === MATRIX ? (
        <section className={styles.matrix} aria-label={t('admin:pageRole.views.matrix')}>
          <Title2 as="h1">{t('admin:pageRole.title')}</Title2>
          <PageRoleMatrixView />
        </section>
      ) : (
        <>
          <ResourceList<PageRoleRow>
            list={permissionEndpoints.pageRoles}
            basePath={LIST_PATH}
            title={t('admin:pageRole.title')}
            emptyText={t('admin:pageRole.empty')}
            exportName={t('admin:pageRole.exportName')}
            columns={columns}
            defaultSort={{ key: 'page_name', direction: 'asc' }}
            defaultPageSize={25}
            reloadKey={reloadKey}
          />
          <PageRoleDialog
            id={grantId}
            onClose={() => navigate(`${LIST_PATH}/all`)}
            onSaved={() => {
              setReloadKey((n) => n + 1);
              navigate(`${LIST_PATH}/all`);
            }}
          />
        </>
      )}
    </>
  );
}
