import { Caption1, Input, makeStyles, MessageBar, MessageBarBody, Spinner, ToggleButton, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { Fragment, useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AREAS, GRANT_ACTIONS, liveEvents, permissionEndpoints, type CrudAction, type PageRole, type PageRoleMatrix } from '@planta/contracts';
import { call, errorMessage, subscribe } from '@planta/session';
import { ErrorCard, useCan, useRoleLabel } from '@planta/ui';
import '../i18n';

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', justifyContent: 'space-between' },
  // Both ways scrollable within the screen, so the header row and the page column can stay in view.
  scroll: {
    overflow: 'auto',
    maxHeight: 'calc(100vh - 260px)',
    minHeight: '320px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' },
  caption: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
  corner: { position: 'sticky', top: 0, left: 0, zIndex: 3 },
  roleHead: { position: 'sticky', top: 0, zIndex: 2, minWidth: '136px' },
  head: {
    backgroundColor: tokens.colorNeutralBackground3,
    padding: '8px',
    textAlign: 'start',
    verticalAlign: 'bottom',
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  roleKind: { display: 'block', color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  areaRow: { backgroundColor: tokens.colorNeutralBackground2, textAlign: 'start', padding: 0 },
  areaLabel: { position: 'sticky', left: 0, display: 'inline-block', padding: '8px', fontWeight: tokens.fontWeightSemibold },
  pageHead: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    textAlign: 'start',
    fontWeight: tokens.fontWeightRegular,
    padding: '4px 8px',
    minWidth: '180px',
    maxWidth: '240px',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  alias: { display: 'block', color: tokens.colorNeutralForeground3 },
  cell: { padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap' },
  cellButtons: { display: 'flex', gap: '2px' },
  toggle: { minWidth: '28px', width: '28px', height: '28px', padding: 0 },
});

const key = (pageId: number, roleId: number) => `${pageId}:${roleId}`;

/**
 * Pages (by area) × the company's roles, each cell the four permissions as toggles: one click
 * changes one permission at once (shown before the answer, put back with the reason if refused).
 * Arrow keys move between toggles, Home/End to the row's ends; the header row and page column stay in view.
 */
export function PageRoleMatrixView() {
  const { t } = useTranslation(['admin', 'common', 'shell']);
  const roleLabel = useRoleLabel();
  const styles = useStyles();
  const mayUpdate = useCan(permissionEndpoints.updatePageRole);
  const [matrix, setMatrix] = useState<PageRoleMatrix | null>(null);
  const [cells, setCells] = useState<Map<string, PageRole>>(new Map());
  const [loadError, setLoadError] = useState<string | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState({ row: 0, column: 0 });

  const load = useCallback(async () => {
    try {
      const answer = await call(permissionEndpoints.pageRoleMatrix, {});
      setMatrix(answer);
      setCells(new Map(answer.grants.map((grant) => [key(grant.page_id, grant.role_id), grant])));
      setLoadError(null);
    } catch (failure) {
      setLoadError(errorMessage(failure));
    }
  }, []);
  useEffect(() => {
    void load();
    // Another administrator's change shows here too.
    return subscribe(liveEvents.grantsChanged, () => void load());
  }, [load]);

  const setFlag = (cellKey: string, action: CrudAction, value: boolean) =>
    setCells((current) => {
      const cell = current.get(cellKey);
      if (!cell) return current;
      return new Map(current).set(cellKey, { ...cell, [action]: value });
    });

  const toggle = async (cell: PageRole, action: CrudAction, pageName: string, roleName: string) => {
    const cellKey = key(cell.page_id, cell.role_id);
    const pendingKey = `${cellKey}:${action}`;
    if (pending.has(pendingKey)) return;
    const wanted = !cell[action];
    setFlag(cellKey, action, wanted);
    setPending((current) => new Set(current).add(pendingKey));
    try {
      const saved = await call(permissionEndpoints.updatePageRole, { params: { id: cell.id }, body: { [action]: wanted } });
      setFlag(cellKey, action, saved[action]);
      setChangeError(null);
    } catch (failure) {
      setFlag(cellKey, action, !wanted);
      const message = t('admin:pageRole.matrix.failed', { message: errorMessage(failure) });
      setChangeError(`${t('admin:pageRole.matrix.toggle', { action: t(`admin:pageRole.actions.${action}`), page: pageName, role: roleName })}: ${message}`);
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(pendingKey);
        return next;
      });
    }
  };

  const groups = useMemo(() => {
    if (!matrix) return [];
    const term = search.trim().toLocaleLowerCase();
    const shown = matrix.pages.filter((page) => !term || page.name.toLocaleLowerCase().includes(term) || page.alias.includes(term));
    return AREAS.map((area) => ({ area, pages: shown.filter((page) => page.area === area) })).filter((group) => group.pages.length > 0);
  }, [matrix, search]);
  const rows = useMemo(() => groups.flatMap((group) => group.pages), [groups]);
  const columns = (matrix?.roles.length ?? 0) * GRANT_ACTIONS.length;

  /** Arrow keys move the focus between toggles (one tab stop for the whole grid). */
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const moves: Record<string, (at: { row: number; column: number }) => { row: number; column: number }> = {
      ArrowRight: (at) => ({ ...at, column: Math.min(columns - 1, at.column + 1) }),
      ArrowLeft: (at) => ({ ...at, column: Math.max(0, at.column - 1) }),
      ArrowDown: (at) => ({ ...at, row: Math.min(rows.length - 1, at.row + 1) }),
      ArrowUp: (at) => ({ ...at, row: Math.max(0, at.row - 1) }),
      Home: (at) => ({ ...at, column: 0 }),
      End: (at) => ({ ...at, column: columns - 1 }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const flipped = rtl && (event.key === 'ArrowRight' || event.key === 'ArrowLeft') ? moves[event.key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight'] : move;
    const next = flipped(at);
    setFocus(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-at="${next.row}:${next.column}"]`)?.focus();
  };

  if (loadError) return <ErrorCard title={t('admin:pageRole.views.matrix')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={load} />;
  if (!matrix) return <Spinner size="small" label={t('admin:pageRole.views.matrix')} />;

  // The one tab stop, kept inside the grid when a search shortens it.
  const at = { row: Math.min(focus.row, Math.max(0, rows.length - 1)), column: Math.min(focus.column, columns - 1) };
  let rowIndex = -1;
  return (
    <>
      <div className={styles.tools}>
        <Input
          contentBefore={<SearchRegular />}
          aria-label={t('admin:pageRole.matrix.search')}
          placeholder={t('admin:pageRole.matrix.search')}
          value={search}
          onChange={(_, data) => setSearch(data.value)}
        />
        <Caption1>{t('admin:pageRole.matrix.legend')}</Caption1>
      </div>
      {changeError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{changeError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.scroll} tabIndex={-1}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('admin:pageRole.matrix.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={`${styles.head} ${styles.corner}`}>
                {t('admin:pageRole.matrix.page')}
              </th>
              {matrix.roles.map((role) => (
                <th key={role.id} scope="col" className={`${styles.head} ${styles.roleHead}`} title={role.description}>
                  {roleLabel(role.name)}
                  <Caption1 className={styles.roleKind}>{role.builtIn ? t('admin:pageRole.matrix.builtIn') : t('admin:pageRole.matrix.own')}</Caption1>
                </th>
              ))}
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {groups.length === 0 ? (
              <tr>
                <td className={styles.cell} colSpan={matrix.roles.length + 1}>
                  {t('admin:pageRole.matrix.noPages')}
                </td>
              </tr>
            ) : null}
            {groups.map((group) => (
              <Fragment key={group.area}>
                <tr>
                  <th scope="rowgroup" colSpan={matrix.roles.length + 1} className={styles.areaRow}>
                    <span className={styles.areaLabel}>{t(`shell:navigation.groups.${group.area}`)}</span>
                  </th>
                </tr>
                {group.pages.map((page) => {
                  rowIndex += 1;
                  const row = rowIndex;
                  return (
                    <tr key={page.id}>
                      <th scope="row" className={styles.pageHead} title={page.description}>
                        {page.name}
                        <Caption1 className={styles.alias}>{page.alias}</Caption1>
                      </th>
                      {matrix.roles.map((role, roleIndex) => {
                        const cell = cells.get(key(page.id, role.id));
                        return (
                          <td key={role.id} className={styles.cell}>
                            <div className={styles.cellButtons} role="group" aria-label={`${page.name} · ${roleLabel(role.name)}`}>
                              {GRANT_ACTIONS.map((action, actionIndex) => {
                                const column = roleIndex * GRANT_ACTIONS.length + actionIndex;
                                const label = t('admin:pageRole.matrix.toggle', {
                                  action: t(`admin:pageRole.actions.${action}`),
                                  page: page.name,
                                  role: roleLabel(role.name),
                                });
                                return (
                                  <ToggleButton
                                    key={action}
                                    size="small"
                                    className={styles.toggle}
                                    appearance={cell?.[action] ? 'primary' : 'outline'}
                                    checked={cell?.[action] ?? false}
                                    aria-label={cell ? label : `${label} · ${t('admin:pageRole.matrix.noRow')}`}
                                    title={label}
                                    disabledFocusable={!cell || !mayUpdate}
                                    data-at={`${row}:${column}`}
                                    tabIndex={at.row === row && at.column === column ? 0 : -1}
                                    onFocus={() => setFocus({ row, column })}
                                    onClick={() => cell && mayUpdate && void toggle(cell, action, page.name, roleLabel(role.name))}
                                  >
                                    {t(`admin:pageRole.letters.${action}`)}
                                  </ToggleButton>
                                );
                              })}
                            </div>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
