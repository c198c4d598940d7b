import {
  Button,
  Input,
  makeStyles,
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
  ChevronLeftRegular,
  ChevronRightRegular,
  SearchRegular,
} from '@fluentui/react-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EndpointDefinition } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { ErrorCard } from './error-card';
import { useCan } from './grants';
import { showSnackbar } from './snackbar';

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
}

export interface ListQueryState {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  direction: 'asc' | 'desc';
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
}

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1280px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '12px', justifyContent: 'space-between' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  tableWrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, position: 'relative' },
  row: { cursor: 'pointer' },
  empty: { padding: '32px', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', textAlign: 'center' },
  footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '12px' },
  pageSize: { display: 'flex', alignItems: 'center', gap: '8px' },
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

function queryParams(query: ListQueryState, page = query.page, pageSize = query.pageSize) {
  return { page, pageSize, search: query.search.trim() || undefined, sort: query.sort, direction: query.sort ? query.direction : undefined };
}

/** One page of a list endpoint. */
function fetchPage<T>(list: ListEndpoint, query: ReturnType<typeof queryParams>, signal?: AbortSignal): Promise<Paged<T>> {
  return call(list as EndpointDefinition, { query }, { signal }) as unknown as Promise<Paged<T>>;
}

/** Every row the query matches, page by page (at most `cap`). */
export async function fetchAllRows<T>(list: ListEndpoint, query: ListQueryState, cap = EXPORT_ROW_CAP): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < cap; page += 1) {
    const answer = await fetchPage<T>(list, queryParams(query, page, EXPORT_PAGE_SIZE));
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= answer.total) break;
  }
  return rows.slice(0, cap);
}

/** Writes rows to an .xlsx file in the browser: a header row of the column labels, then one row per item. */
export async function exportRowsToExcel<T>(rows: readonly T[], columns: readonly ResourceColumn<T>[], fileName: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((column) => ({ value: column.label, fontWeight: 'bold' as const }));
  const body = rows.map((row) => columns.map((column) => plainExportValue(column.exportValue ? column.exportValue(row) : valueOf(row, column.key))));
  await writeXlsxFile([header, ...body], { columns: columns.map((column) => ({ width: column.width ?? Math.max(12, column.label.length + 2) })) }).toFile(
    `${fileName}.xlsx`,
  );
}

/**
 * A server-side list (architecture.md "Frontend"): paging with rows per page, sorting by the
 * column headers, a debounced search, loading and empty states, row click to the detail,
 * "Nuevo" and "Exportar a Excel" of everything the current query matches.
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
}: ResourceListProps<T>) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
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
    fetchPage<T>(list, queryParams(query), controller.signal)
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
  }, [list, query, reload]);

  const sortBy = (key: string) =>
    setQuery((current) => ({ ...current, page: 1, sort: key, direction: current.sort === key && current.direction === 'asc' ? 'desc' : 'asc' }));

  const exportExcel = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllRows<T>(list, query);
      await exportRowsToExcel(rows, columns, exportName ?? resource);
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
  const newButton = !mayCreate ? null : (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate(`${basePath}/new`)}>
      {t('actions.new', 'Nuevo')}
    </Button>
  );

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
          {newButton}
        </div>
      </div>

      {failure ? (
        <ErrorCard title={title} message={failure} retryLabel={t('actions.retry', 'Reintentar')} onRetry={() => setReload((value) => value + 1)} />
      ) : (
        <div className={styles.tableWrap} aria-busy={loading}>
          <Table sortable aria-label={title}>
            <TableHeader>
              <TableRow>
                {columns.map((column) =>
                  column.sortable ? (
                    <TableHeaderCell
                      key={column.key}
                      sortDirection={query.sort === column.key ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                      onClick={() => sortBy(column.key)}
                    >
                      {column.label}
                    </TableHeaderCell>
                  ) : (
                    <TableHeaderCell key={column.key}>{column.label}</TableHeaderCell>
                  ),
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow
                  key={row.id}
                  className={styles.row}
                  tabIndex={0}
                  onClick={() => navigate(`${basePath}/${row.id}`)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') navigate(`${basePath}/${row.id}`);
                  }}
                >
                  {columns.map((column) => (
                    <TableCell key={column.key}>{column.render ? column.render(row) : String(valueOf(row, column.key) ?? '')}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {loading && !data ? (
            <div className={styles.empty} role="status">
              <Spinner label={t('loading', 'Cargando...')} />
            </div>
          ) : null}
          {!loading && rows.length === 0 ? (
            <div className={styles.empty}>
              <Text weight="semibold">{t('table.noData', 'Sin datos')}</Text>
              {!query.search && emptyText ? <Text>{emptyText}</Text> : null}
              {!query.search ? newButton : null}
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
