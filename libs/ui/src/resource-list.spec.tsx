import '../testing/jsdom.setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { sessionStore } from '@planta/session';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'jotai';
import { machineResource, resourceEndpoints } from '@planta/contracts';
import { createI18n } from '@planta/i18n';
import { setGrants, ALL_GRANTS } from '../testing';
import { exportRowsToExcel, fetchAllRows, foldingOrder, ResourceList, SEARCH_DEBOUNCE_MS, type ResourceColumn } from './resource-list';

jest.mock('write-excel-file/browser', () => {
  const toFile = jest.fn(async () => undefined);
  const writer = jest.fn(() => ({ toFile }));
  return { __esModule: true, default: writer, toFile };
});
// eslint-disable-next-line @typescript-eslint/no-require-imports
const excel = require('write-excel-file/browser') as { default: jest.Mock; toFile: jest.Mock };

interface Row {
  id: number;
  name: string;
  tonnage: number;
}
const columns: ResourceColumn<Row>[] = [
  { key: 'name', label: 'Nombre', sortable: true },
  { key: 'tonnage', label: 'Tonelaje (t)', sortable: true },
];
const rows = (count: number, from = 1): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Línea ${from + index}`, tonnage: 1000 + index }));

type Answer = (url: URL) => { status: number; body: unknown };
function mockFetch(answer: Answer) {
  const mock = jest.fn(async (input: string) => {
    const { status, body } = answer(new URL(input, 'http://localhost'));
    const text = JSON.stringify(body);
    return { ok: status < 300, status, statusText: '', text: async () => text } as unknown as Response;
  });
  (globalThis as { fetch: unknown }).fetch = mock;
  return mock;
}
const pagedAnswer =
  (all: Row[]): Answer =>
  (url) => {
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return { status: 200, body: { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize } };
  };
const lastQuery = (mock: jest.Mock) => new URL(mock.mock.calls.at(-1)![0] as string, 'http://localhost').searchParams;

function Probe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}
function renderList(props: Partial<Parameters<typeof ResourceList<Row>>[0]> = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={createI18n('es')}>
        <Provider store={sessionStore}>
          <MemoryRouter initialEntries={['/apps/machine/all']}>
            <Routes>
              <Route
                path="/apps/machine/all"
                element={
                  <ResourceList<Row>
                    list={machines.list}
                    create={machines.create}
                    basePath="/apps/machine"
                    title="Máquinas"
                    columns={columns}
                    emptyText="Registra tu primera máquina"
                    {...props}
                  />
                }
              />
              <Route path="*" element={<Probe />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </I18nextProvider>
    </FluentProvider>,
  );
}

const machines = resourceEndpoints(machineResource);

describe('ResourceList', () => {
  beforeEach(() => setGrants(ALL_GRANTS));
  afterEach(() => jest.useRealTimers());

  it('asks the API for the first page and shows its rows with the range', async () => {
    const fetch = mockFetch(pagedAnswer(rows(23)));
    renderList();
    expect(await screen.findByText('Línea 1')).toBeTruthy();
    expect(fetch.mock.calls[0][0]).toBe('/api/machine/all?page=1&pageSize=10');
    expect(screen.getByText('1–10 de 23')).toBeTruthy();
    expect(screen.getByText('Filas por página')).toBeTruthy();
  });

  it('pages forward, changes rows per page and goes back to page 1', async () => {
    const fetch = mockFetch(pagedAnswer(rows(23)));
    renderList();
    await screen.findByText('Línea 1');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Línea 11')).toBeTruthy();
    expect(lastQuery(fetch).get('page')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Última página' }));
    expect(await screen.findByText('Línea 23')).toBeTruthy();
    expect(screen.getByText('21–23 de 23')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Filas por página' }), { target: { value: '25' } });
    await waitFor(() => expect(screen.getByText('1–23 de 23')).toBeTruthy());
    expect(lastQuery(fetch).get('pageSize')).toBe('25');
    expect(lastQuery(fetch).get('page')).toBe('1');
  });

  it('sorts by a header, toggling the direction', async () => {
    const fetch = mockFetch(pagedAnswer(rows(3)));
    renderList();
    await screen.findByText('Línea 1');
    fireEvent.click(screen.getByText('Tonelaje (t)'));
    await waitFor(() => expect(lastQuery(fetch).get('sort')).toBe('tonnage'));
    expect(lastQuery(fetch).get('direction')).toBe('asc');
    fireEvent.click(screen.getByText('Tonelaje (t)'));
    await waitFor(() => expect(lastQuery(fetch).get('direction')).toBe('desc'));
  });

  it('debounces the search: one call with the final text, back on page 1', async () => {
    jest.useFakeTimers();
    const fetch = mockFetch(pagedAnswer(rows(30)));
    renderList();
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await act(async () => undefined);
    const before = fetch.mock.calls.length;
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'pr' } });
    fireEvent.change(box, { target: { value: 'prensa' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(fetch.mock.calls.length).toBe(before);
    await act(async () => jest.advanceTimersByTime(100));
    expect(fetch.mock.calls.length).toBe(before + 1);
    expect(lastQuery(fetch).get('search')).toBe('prensa');
    expect(lastQuery(fetch).get('page')).toBe('1');
  });

  it('opens <base>/<id> on a row click and <base>/new with "Nuevo"', async () => {
    mockFetch(pagedAnswer(rows(2)));
    const { unmount } = renderList();
    fireEvent.click(await screen.findByText('Línea 2'));
    expect(screen.getByTestId('location').textContent).toBe('/apps/machine/2');
    unmount();
    renderList();
    await screen.findByText('Línea 1');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(screen.getByTestId('location').textContent).toBe('/apps/machine/new');
  });

  it('shows "Sin datos" with the helpful text and a "Nuevo" button when empty', async () => {
    mockFetch(pagedAnswer([]));
    renderList();
    expect(await screen.findByText('Sin datos')).toBeTruthy();
    expect(screen.getByText('Registra tu primera máquina')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Nuevo' })).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Exportar a Excel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers "Nuevo" only with the insert grant on the page of the create call', async () => {
    mockFetch(pagedAnswer(rows(1)));
    setGrants({ ...ALL_GRANTS, machines: { read: true, insert: false, update: true, delete: true } });
    const { unmount } = renderList();
    await screen.findByText('Línea 1');
    expect(screen.queryByRole('button', { name: 'Nuevo' })).toBeNull();
    unmount();
    setGrants({ ...ALL_GRANTS, machines: { read: true, insert: true, update: false, delete: false } });
    renderList();
    await screen.findByText('Línea 1');
    expect(screen.getByRole('button', { name: 'Nuevo' })).toBeTruthy();
    // The grants of another page say nothing about this one.
    act(() => setGrants({ ...ALL_GRANTS, machines: { read: true, insert: false, update: false, delete: false }, shifts: ALL_GRANTS.shifts }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nuevo' })).toBeNull());
  });

  it('shows the API error with a retry', async () => {
    let fail = true;
    mockFetch((url) =>
      fail ? { status: 500, body: { statusCode: 500, message: 'Base de datos caída', error: 'Internal Server Error' } } : pagedAnswer(rows(1))(url),
    );
    renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('El servidor no pudo completar la acción. Inténtalo de nuevo en unos momentos.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Línea 1')).toBeTruthy();
  });

  it('exports every row of the current query to Excel', async () => {
    const fetch = mockFetch(pagedAnswer(rows(1200)));
    renderList();
    await screen.findByText('Línea 1');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(excel.toFile).toHaveBeenCalledWith('machine.xlsx'));
    // The sheet is named for the list, not 'Sheet1'.
    const [workbook] = excel.default.mock.calls.at(-1) as [{ data: unknown[][]; sheet: string }[]];
    expect(workbook).toHaveLength(1);
    expect(workbook[0].sheet).toBe('Máquinas');
    const sheet = workbook[0].data;
    expect(sheet).toHaveLength(1201);
    expect(sheet[0]).toEqual([
      { value: 'Nombre', fontWeight: 'bold' },
      { value: 'Tonelaje (t)', fontWeight: 'bold' },
    ]);
    expect(sheet[1200]).toEqual([{ value: 'Línea 1200' }, { value: 2199 }]);
    const exportCalls = fetch.mock.calls
      .map(([input]) => new URL(input as string, 'http://localhost').searchParams)
      .filter((query) => query.get('pageSize') === '500');
    expect(exportCalls.map((query) => query.get('page'))).toEqual(['1', '2', '3']);
  });
});

describe('ResourceList as the user reads the screen', () => {
  interface Machine {
    id: number;
    name: string;
    status: string;
  }
  const statusColumns: ResourceColumn<Machine>[] = [
    { key: 'name', label: 'Nombre', sortable: true },
    {
      key: 'status',
      label: 'Estado',
      sortable: true,
      labels: [
        { value: 'operating', label: 'En servicio' },
        { value: 'maintenance', label: 'En mantenimiento' },
        { value: 'stopped', label: 'Detenida' },
      ],
      render: (row) => ({ operating: 'En servicio', maintenance: 'En mantenimiento', stopped: 'Detenida' })[row.status],
    },
  ];
  const machinesAnswer: Answer = () => ({
    status: 200,
    body: { items: [{ id: 1, name: 'Sierra 1', status: 'maintenance' }], total: 1, page: 1, pageSize: 10 },
  });
  const renderMachines = (props: Partial<Parameters<typeof ResourceList<Machine>>[0]> = {}) =>
    render(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={createI18n('es')}>
          <MemoryRouter>
            <ResourceList<Machine> list={machines.list} basePath="/apps/machine" title="Máquinas" columns={statusColumns} {...props} />
          </MemoryRouter>
        </I18nextProvider>
      </FluentProvider>,
    );

  it('sends the values whose label matches the search, and sorts a status column by its labels', async () => {
    const fetch = mockFetch(machinesAnswer);
    renderMachines();
    await screen.findByText('Sierra 1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'mantenimiento' } });
    await waitFor(() => expect(lastQuery(fetch).get('search')).toBe('mantenimiento'));
    expect(lastQuery(fetch).get('labelMatches')).toBe('status:maintenance');
    fireEvent.click(screen.getByText('Estado'));
    await waitFor(() => expect(lastQuery(fetch).get('sort')).toBe('status'));
    expect(lastQuery(fetch).get('sortOrder')).toBe('stopped,maintenance,operating');
  });

  it('sends its filters, and can clear them', async () => {
    const fetch = mockFetch(machinesAnswer);
    renderMachines({
      filters: [
        { key: 'status', label: 'Estado', type: 'choice', options: statusColumns[1].labels! },
        { key: 'due_from', label: 'Desde', type: 'date' },
      ],
    });
    await screen.findByText('Sierra 1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'stopped' } });
    await waitFor(() => expect(lastQuery(fetch).get('status')).toBe('stopped'));
    // A day is typed as Spanish writes it (dd/mm/aaaa), whatever the browser's language, and sent as the ISO day.
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '31/02/2026' } });
    expect(await screen.findByText('Indica una fecha dd/mm/aaaa')).toBeTruthy();
    expect(lastQuery(fetch).get('due_from')).toBeNull();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '01/03/2026' } });
    await waitFor(() => expect(lastQuery(fetch).get('due_from')).toBe('2026-03-01'));
    expect(screen.queryByText('Indica una fecha dd/mm/aaaa')).toBeNull();
    expect(lastQuery(fetch).get('status')).toBe('stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(lastQuery(fetch).get('status')).toBeNull());
    expect(lastQuery(fetch).get('due_from')).toBeNull();
  });

  it.each([
    [1000, ['Nombre', 'Tonelaje (t)', 'Código interno', 'Turno'], []],
    [650, ['Nombre', 'Tonelaje (t)', 'Turno'], ['Código interno']],
    [450, ['Nombre', 'Turno'], ['Tonelaje (t)', 'Código interno']],
  ])('in a frame %i px wide, the table keeps the columns that fit, the least worth in the rows’ detail', async (frame, inTable, inDetail) => {
    mockFetch(pagedAnswer(rows(3)));
    // jsdom lays nothing out: each column of the table takes 200 px.
    const widths = {
      scrollWidth: {
        configurable: true,
        get(this: HTMLElement) {
          return this.querySelectorAll('th').length * 200;
        },
      },
      clientWidth: { configurable: true, get: () => frame },
    };
    const real = Object.fromEntries(Object.keys(widths).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]));
    Object.defineProperties(HTMLElement.prototype, widths);
    try {
      renderList({
        columns: [...columns, { key: 'id', label: 'Código interno', priority: 3 }, { key: 'shift', label: 'Turno', priority: 1, render: () => 'Mañana' }],
      });
      await screen.findByText('Línea 1');
      await waitFor(() => expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(inTable));
      const toggles = screen.queryAllByRole('button', { name: /^Ver los datos de la fila/ });
      expect(toggles).toHaveLength(inDetail.length ? 3 : 0);
      if (!inDetail.length) return;
      expect(toggles[0].getAttribute('aria-label')).toBe(`Ver los datos de la fila: ${inDetail.join(', ')}`);
      // Opening a row's detail shows its other values, and opens no record.
      fireEvent.click(toggles[0]);
      const detail = await screen.findByTestId('row-detail');
      for (const label of inDetail) expect(within(detail).getByText(label)).toBeTruthy();
      expect(within(detail).getByText('1')).toBeTruthy();
      expect(screen.queryByTestId('location')).toBeNull();
      expect(screen.getByRole('button', { name: 'Ocultar los datos de la fila' }).getAttribute('aria-expanded')).toBe('true');
    } finally {
      for (const [name, descriptor] of Object.entries(real)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });

  it('moves columns to the detail lowest priority first, the rightmost first, never the first column or a key one', () => {
    const order = foldingOrder([{ key: 'a', priority: 3 }, { key: 'b' }, { key: 'c', priority: 1 }, { key: 'd', priority: 3 }, { key: 'e' }]);
    expect(order.map((column) => column.key)).toEqual(['d', 'e', 'b']);
  });

  it('shows each row as a card of labelled values on a phone, opening it on a tap', async () => {
    mockFetch(machinesAnswer);
    const realMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: query.includes('599.98'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    const opened: number[] = [];
    try {
      renderMachines({ onOpen: (row) => opened.push(row.id) });
      const card = await screen.findByRole('button', { name: /Sierra 1/ });
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(card).getByText('Estado')).toBeTruthy();
      expect(within(card).getByText('En mantenimiento')).toBeTruthy();
      fireEvent.click(card);
      expect(opened).toEqual([1]);
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });
});

describe('fetchAllRows and exportRowsToExcel', () => {
  it('stops at the cap and keeps the search and sort', async () => {
    const fetch = mockFetch(pagedAnswer(rows(2000)));
    const all = await fetchAllRows<Row>(
      machines.list,
      { page: 3, pageSize: 10, search: 'x', sort: 'name', direction: 'desc' },
      { columns: [], language: 'es' },
      700,
    );
    expect(all).toHaveLength(700);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(lastQuery(fetch).get('search')).toBe('x');
    expect(lastQuery(fetch).get('direction')).toBe('desc');
  });

  it('uses exportValue, writes lists as text and days as Excel dates (not ISO text)', async () => {
    await exportRowsToExcel(
      [{ id: 1, name: 'A', tags: ['x', 'y'], due: '2026-12-01', kg: 1500.5 }],
      [
        { key: 'name', label: 'N', exportValue: (row) => `#${row.name}` },
        { key: 'tags', label: 'T' },
        { key: 'due', label: 'D' },
        { key: 'kg', label: 'K' },
      ],
      'f',
      'Órdenes de producción vencidas por línea',
    );
    const [[{ data: rows, sheet }]] = excel.default.mock.calls.at(-1) as [{ data: unknown[][]; sheet: string }[]];
    expect(rows[1]).toEqual([
      { value: '#A' },
      { value: 'x, y' },
      { value: new Date(Date.UTC(2026, 11, 1)), type: Date, format: 'dd/mm/yyyy' },
      { value: 1500.5 },
    ]);
    // 31 characters at most, shortened at a word.
    expect(sheet).toBe('Órdenes de producción vencidas');
  });
});
