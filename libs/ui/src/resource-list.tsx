import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownloadRegular,
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronDownRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  SearchRegular,
} from '@fluentui/react-icons';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { labelMatchesOf, sortOrderOf, type EndpointDefinition, type ValueLabel } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { DateField } from './date-input';
import { ErrorCard } from './error-card';
import { writeWorkbook } from './excel-cells';
import { Facts } from './facts';
import { useCan } from './grants';
import { showSnackbar } from './snackbar';
import { useFittedColumns, type ColumnPriority } from './resource-list.columns';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

export { foldingOrder, type ColumnPriority } from './resource-list.columns';

/** One page of `GET /api/<resource>/all`. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type ExportValue = string | number | boolean | Date | null | undefined;

export interface ResourceColumn<T> {
  /** Field name; also the `sort` value sent to the API when sortable. */
  key: string;
  label: string;
  sortable?: boolean;
  /** Cell content; default: the field's value. */
  render?: (row: T) => ReactNode;
  /** Excel value; default: the field's value (objects as text). */
  exportValue?: (row: T) => ExportValue;
  /** Excel column width in characters. */
  width?: number;
  /** The label shown for each stored value: the search finds a row by it, and the column sorts by it. */
  labels?: readonly ValueLabel[];
  /** false: a column of buttons, left out of the Excel file. */
  exported?: boolean;
  /** false: a column of the Excel file only (what the screen shows inside another column). */
  shown?: boolean;
  /**
   * What the column is worth when the table is wider than its frame (a tablet): 1 a key column,
   * always in the table (the first column is one); 2 (the default), then 3 before it, move into the
   * row's detail (opened from its first cell), the rightmost first.
   */
  priority?: ColumnPriority;
}

/** A filter above the list: a choice of values, a date bound or a typed text; its key is the API's query parameter. */
export type ListFilter = { key: string; label: string } & ({ type: 'choice'; options: readonly ValueLabel[] } | { type: 'date' } | { type: 'text' });

export interface ListQueryState {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  direction: 'asc' | 'desc';
  /** Filter values by query parameter; empty ones are not sent. */
  filters?: Readonly<Record<string, string>>;
}

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
/** The API's largest page (listQuerySchema) and the most rows one export fetches. */
export const EXPORT_PAGE_SIZE = 500;
export const EXPORT_ROW_CAP = 10_000;
export const SEARCH_DEBOUNCE_MS = 300;

/** A `GET …/all` endpoint: a page of rows for a list query. */
export type ListEndpoint = EndpointDefinition & { method: 'GET' };

export interface ResourceListProps<T extends { id: number | string }> {
  /** The list's `GET …/all` (its contract: paged, searchable, sortable). */
  list: ListEndpoint;
  /** Creating a record: 'Nuevo' is offered when the user's grants allow this call. */
  create?: EndpointDefinition;
  /** Route base, e.g. '/apps/extrusion-line': rows open `<base>/<id>`, "Nuevo" opens `<base>/new`. */
  basePath: string;
  title: string;
  columns: readonly ResourceColumn<T>[];
  /** Shown with "Nuevo" when the list has no rows and no search. */
  emptyText?: string;
  /** File name of the export, without extension. */
  exportName?: string;
  defaultSort?: { key: string; direction: 'asc' | 'desc' };
  defaultPageSize?: (typeof PAGE_SIZE_OPTIONS)[number];
  filters?: readonly ListFilter[];
  /** Opening a row, when it is not its `<base>/<id>` route (a dialog). */
  onOpen?: (row: T) => void;
  /** 'Nuevo', when it is not the `<base>/new` route (a dialog or another address). */
  onCreate?: () => void;
  /** The create button's text, when 'Nuevo' says too little ('Nueva matriz'). */
  createLabel?: string;
  /** Changing it reloads the current page (after a dialog saved). */
  reloadKey?: number;
  /** Further actions of the screen, beside 'Exportar a Excel' and 'Nuevo'. */
  actions?: ReactNode;
}

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1280px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '12px', justifyContent: 'space-between' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  tableWrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, position: 'relative' },
  // When even the key columns are wider than the frame, the table scrolls under its first column.
  sticky: { position: 'sticky', insetInlineStart: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  first: { display: 'flex', alignItems: 'center', gap: '4px' },
  // The first column names the row (a number, a code): read whole, never broken at its hyphens.
  name: { whiteSpace: 'nowrap' },
  toggle: { flexShrink: 0 },
  detail: { backgroundColor: tokens.colorNeutralBackground2, padding: '8px 12px' },
  row: { cursor: 'pointer' },
  // Columns sized by their content (Fluent's table gives them equal widths, which on a tablet broke
  // dates and state chips mid-word); a word longer than its column (an email) still breaks
  // rather than running over the next cell, and a table wider than the screen scrolls in its frame.
  table: { tableLayout: 'auto' },
  cell: { overflowWrap: 'break-word' },
  empty: { padding: '32px', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', textAlign: 'center' },
  footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '12px' },
  pageSize: { display: 'flex', alignItems: 'center', gap: '8px' },
  filters: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 200px))', gap: '12px', alignItems: 'end' },
  filter: { minWidth: 0 },
  // A native select is as wide as its longest option: kept to its grid cell, a long one ends in '…'.
  filterControl: { minWidth: 0, maxWidth: '100%', '& select': { minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
  cards: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  card: { cursor: 'pointer' },
});

function valueOf<T>(row: T, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

function plainExportValue(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.join(', ');
  return JSON.stringify(value);
}

/** How the rows of a list read on the screen: what the search and the sort are matched against. */
export interface ScreenReading {
  columns: readonly { key: string; labels?: readonly ValueLabel[] }[];
  language: string;
}

function queryParams(query: ListQueryState, reading: ScreenReading, page = query.page, pageSize = query.pageSize) {
  const search = query.search.trim() || undefined;
  const sorted = query.sort ? reading.columns.find((column) => column.key === query.sort) : undefined;
  const filters = Object.fromEntries(Object.entries(query.filters ?? {}).filter(([, value]) => value !== ''));
  return {
    page,
    pageSize,
    search,
    labelMatches: search ? labelMatchesOf(search, reading.columns) : undefined,
    sort: query.sort,
    sortOrder: sortOrderOf(sorted?.labels, reading.language),
    direction: query.sort ? query.direction : undefined,
    ...filters,
  };
}

/** One page of a list endpoint. */
function fetchPage<T>(list: ListEndpoint, query: ReturnType<typeof queryParams>, signal?: AbortSignal): Promise<Paged<T>> {
  return call(list as EndpointDefinition, { query }, { signal }) as unknown as Promise<Paged<T>>;
}

/** Every row the query matches, page by page (at most `cap`). */
export async function fetchAllRows<T>(list: ListEndpoint, query: ListQueryState, reading: ScreenReading, cap = EXPORT_ROW_CAP): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < cap; page += 1) {
    const answer = await fetchPage<T>(list, queryParams(query, reading, page, EXPORT_PAGE_SIZE));
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= answer.total) break;
  }
  return rows.slice(0, cap);
}

/** Writes rows to an .xlsx file in the browser: one sheet named for the list, a header row of the column labels, then one row per item. */
export async function exportRowsToExcel<T>(rows: readonly T[], allColumns: readonly ResourceColumn<T>[], fileName: string, title = fileName): Promise<void> {
  const columns = allColumns.filter((column) => column.exported !== false);
  await writeWorkbook(
    [
      {
        name: title,
        columns: columns.map((column) => column.label),
        // Typed cells: numbers as numbers, ISO days and instants as Excel dates (dd/mm/aaaa), not text.
        rows: rows.map((row) => columns.map((column) => plainExportValue(column.exportValue ? column.exportValue(row) : valueOf(row, column.key)))),
        widths: columns.map((column) => column.width),
      },
    ],
    fileName,
  );
}

/** A typed filter: sent once the typing pauses, like the search; cleared at once with the other filters. */
function TextFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => change.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return <Input type="search" value={text} onChange={(_, data) => setText(data.value)} />;
}

/**
 * A server-side list (architecture.md "Frontend"): paging with rows per page, sorting by the
 * column headers, a debounced search, filters, loading and empty states, row click to the detail,
 * "Nuevo" and "Exportar a Excel" of everything the current query matches. Search and sort follow
 * what the screen shows (a status by its label, accents aside); on a phone every row is a card.
 */
export function ResourceList<T extends { id: number | string }>({
  list,
  create,
  basePath,
  title,
  columns,
  emptyText,
  exportName,
  defaultSort,
  defaultPageSize = 10,
  filters = [],
  onOpen,
  onCreate,
  createLabel,
  reloadKey = 0,
  actions,
}: ResourceListProps<T>) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const asCards = useMediaQuery(PHONE_QUERY);
  const shownColumns = columns.filter((column) => column.shown !== false);
  const reading: ScreenReading = { columns, language: i18n.language };
  const readingRef = useRef(reading);
  readingRef.current = reading;
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState<ListQueryState>({
    page: 1,
    pageSize: defaultPageSize,
    search: '',
    sort: defaultSort?.key,
    direction: defaultSort?.direction ?? 'asc',
  });
  const [data, setData] = useState<Paged<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [exporting, setExporting] = useState(false);
  const first = useRef(true);
  const mayCreate = useCan(create);
  const resource = list.path.replace(/\/all$/, '').replace(/\W+/g, '-');

  // Debounced search: a new text goes back to the first page.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(
      () => setQuery((current) => (current.search === searchText ? current : { ...current, search: searchText, page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setFailure(null);
    fetchPage<T>(list, queryParams(query, readingRef.current), controller.signal)
      .then((answer) => {
        setData(answer);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(errorMessage(error));
        setLoading(false);
      });
    return () => controller.abort();
  }, [list, query, reload, reloadKey, i18n.language]);

  const sortBy = (key: string) =>
    setQuery((current) => ({ ...current, page: 1, sort: key, direction: current.sort === key && current.direction === 'asc' ? 'desc' : 'asc' }));

  const exportExcel = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllRows<T>(list, query, reading);
      await exportRowsToExcel(rows, columns, exportName ?? resource, title);
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const total = data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const from = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const to = Math.min(total, query.page * query.pageSize);
  const goTo = (page: number) => setQuery((current) => ({ ...current, page: Math.min(Math.max(1, page), lastPage) }));
  const rows = data?.items ?? [];
  const open = (row: T) => (onOpen ? onOpen(row) : navigate(`${basePath}/${row.id}`));
  const setFilter = (key: string, value: string) => setQuery((current) => ({ ...current, page: 1, filters: { ...current.filters, [key]: value } }));
  const cellOf = (row: T, column: ResourceColumn<T>) => (column.render ? column.render(row) : String(valueOf(row, column.key) ?? ''));
  const newButton = !mayCreate ? null : (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => (onCreate ? onCreate() : navigate(`${basePath}/new`))}>
      {createLabel ?? t('actions.new', 'Nuevo')}
    </Button>
  );
  const filtered = Object.values(query.filters ?? {}).some((value) => value !== '');
  const { frameRef, tableColumns, detailColumns, scrolls } = useFittedColumns(shownColumns, asCards, data);
  const stickyFirst = (index: number) => (index === 0 && scrolls ? styles.sticky : undefined);
  const [opened, setOpened] = useState<ReadonlySet<T['id']>>(new Set());
  const toggle = (id: T['id']) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const detailNames = detailColumns.map((column) => column.label).join(', ');

  return (
    <section className={styles.page} aria-labelledby={`list-${resource}`}>
      <div className={styles.toolbar}>
        <Title2 as="h1" id={`list-${resource}`}>
          {title}
        </Title2>
        <div className={styles.actions}>
          <Input
            type="search"
            aria-label={t('actions.search', 'Buscar')}
            placeholder={t('table.searchPlaceholder', 'Buscar...')}
            contentBefore={<SearchRegular />}
            value={searchText}
            onChange={(_, value) => setSearchText(value.value)}
          />
          <Button icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabled={exporting || total === 0} onClick={() => void exportExcel()}>
            {t('actions.exportExcel', 'Exportar a Excel')}
          </Button>
          {actions}
          {newButton}
        </div>
      </div>

      {filters.length > 0 ? (
        <div className={styles.filters} role="group" aria-label={t('table.filters', 'Filtros')}>
          {filters.map((filter) =>
            filter.type === 'date' ? (
              <DateField
                key={filter.key}
                label={filter.label}
                className={styles.filter}
                value={query.filters?.[filter.key] ?? ''}
                onValue={(day) => setFilter(filter.key, day ?? '')}
              />
            ) : (
              <Field key={filter.key} label={filter.label} className={styles.filter}>
                {filter.type === 'text' ? (
                  <TextFilter value={query.filters?.[filter.key] ?? ''} onChange={(value) => setFilter(filter.key, value)} />
                ) : (
                  <Select
                    className={styles.filterControl}
                    value={query.filters?.[filter.key] ?? ''}
                    onChange={(_, value) => setFilter(filter.key, value.value)}
                  >
                    <option value="">{t('words.all', 'Todos')}</option>
                    {filter.options.map((option) => (
                      <option key={option.value} value={String(option.value)}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ),
          )}
          {filtered ? (
            <Button appearance="subtle" onClick={() => setQuery((current) => ({ ...current, page: 1, filters: {} }))}>
              {t('table.clearFilters', 'Quitar filtros')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {failure ? (
        <ErrorCard title={title} message={failure} retryLabel={t('actions.retry', 'Reintentar')} onRetry={() => setReload((value) => value + 1)} />
      ) : (
        <div className={asCards ? undefined : styles.tableWrap} aria-busy={loading} ref={frameRef}>
          {asCards ? (
            <ul className={styles.cards} aria-label={title}>
              {rows.map((row) => (
                <li key={row.id}>
                  <Card
                    className={styles.card}
                    role="button"
                    tabIndex={0}
                    onClick={() => open(row)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        open(row);
                      }
                    }}
                  >
                    <Facts items={shownColumns.map((column) => [column.label, cellOf(row, column)] as const)} />
                  </Card>
                </li>
              ))}
            </ul>
          ) : (
            <Table sortable aria-label={title} className={styles.table}>
              <TableHeader>
                <TableRow>
                  {tableColumns.map((column, index) =>
                    column.sortable ? (
                      <TableHeaderCell
                        key={column.key}
                        className={stickyFirst(index)}
                        sortDirection={query.sort === column.key ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                        onClick={() => sortBy(column.key)}
                      >
                        {column.label}
                      </TableHeaderCell>
                    ) : (
                      <TableHeaderCell key={column.key} className={stickyFirst(index)}>
                        {column.label}
                      </TableHeaderCell>
                    ),
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const expanded = detailColumns.length > 0 && opened.has(row.id);
                  return (
                    <Fragment key={row.id}>
                      <TableRow
                        className={styles.row}
                        tabIndex={0}
                        onClick={() => open(row)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
                        }}
                      >
                        {tableColumns.map((column, index) => (
                          <TableCell key={column.key} className={mergeClasses(styles.cell, index === 0 && styles.name, stickyFirst(index))}>
                            {index === 0 && detailColumns.length > 0 ? (
                              <span className={styles.first}>
                                <Button
                                  appearance="subtle"
                                  size="small"
                                  className={styles.toggle}
                                  icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                                  aria-expanded={expanded}
                                  aria-label={expanded ? t('table.hideDetail') : t('table.showDetail', { columns: detailNames })}
                                  data-testid="row-detail-toggle"
                                  onClick={(event) => {
                                    event.stopPropagation();
                                    toggle(row.id);
                                  }}
                                  onKeyDown={(event) => event.stopPropagation()}
                                />
                                {cellOf(row, column)}
                              </span>
                            ) : (
                              cellOf(row, column)
                            )}
                          </TableCell>
                        ))}
                      </TableRow>
                      {expanded ? (
                        <TableRow data-testid="row-detail">
                          <TableCell colSpan={tableColumns.length} className={styles.detail}>
                            <Facts items={detailColumns.map((column) => [column.label, cellOf(row, column)] as const)} />
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  );
                })}
              </TableBody>
            </Table>
          )}
          {loading && !data ? (
            <div className={styles.empty} role="status">
              <Spinner label={t('loading', 'Cargando...')} />
            </div>
          ) : null}
          {!loading && rows.length === 0 ? (
            <div className={styles.empty}>
              <Text weight="semibold">{t('table.noData', 'Sin datos')}</Text>
              {!query.search && !filtered && emptyText ? <Text>{emptyText}</Text> : null}
              {!query.search && !filtered ? newButton : null}
            </div>
          ) : null}
        </div>
      )}

      <div className={styles.footer}>
        <div className={styles.pageSize}>
          <Text id={`rows-${resource}`}>{t('table.rowsPerPage', 'Filas por página')}</Text>
          <Select
            aria-labelledby={`rows-${resource}`}
            value={String(query.pageSize)}
            onChange={(_, value) => setQuery((current) => ({ ...current, page: 1, pageSize: Number(value.value) }))}
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </Select>
        </div>
        <Text>{t('table.range', { from, to, count: total, defaultValue: '{{from}}–{{to}} de {{count}}' })}</Text>
        <div className={styles.actions}>
          <Button
            appearance="subtle"
            icon={<ChevronDoubleLeftRegular />}
            aria-label={t('table.firstPage', 'Primera página')}
            disabled={query.page <= 1}
            onClick={() => goTo(1)}
          />
          <Button
            appearance="subtle"
            icon={<ChevronLeftRegular />}
            aria-label={t('table.previousPage', 'Página anterior')}
            disabled={query.page <= 1}
            onClick={() => goTo(query.page - 1)}
          />
          <Button
            appearance="subtle"
            icon={<ChevronRightRegular />}
            aria-label={t('table.nextPage', 'Página siguiente')}
            disabled={query.page >= lastPage}
            onClick={() => goTo(query.page + 1)}
          />
          <Button
            appearance="subtle"
            icon={<ChevronDoubleRightRegular />}
            aria-label={t('table.lastPage', 'Última página')}
            disabled={query.page >= lastPage}
            onClick={() => goTo(lastPage)}
          />
        </div>
      </div>
    </section>
  );
}
