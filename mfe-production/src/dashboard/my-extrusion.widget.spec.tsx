import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExportSheet } from '@planta/shell-contract';
import { formatsOf, onSnackbar } from '@planta/ui';
import { ALL_GRANTS, mockApi, on, renderPage, type } from '@planta/ui/testing';
import MyExtrusionWidget from './my-extrusion.widget';
import { myRun, RUN_TOLERANCES } from './my-run.fixture';

const FILTERS = { from: '2026-11-01T05:00:00.000Z', to: null, lineId: null, shiftId: null };
const es = formatsOf('es');
const MINUTE = 60_000;
const PATH = '/api/extrusion/mine';
const saved = (runId: number, a: number, b: number) => [
  {
    order_dies_id: runId,
    dimension_text: 'DimensionA',
    dimension_value: a,
    date_saved: new Date().toISOString(),
    tolerance: RUN_TOLERANCES[0],
    within_tolerance: true,
  },
  {
    order_dies_id: runId,
    dimension_text: 'DimensionB',
    dimension_value: b,
    date_saved: new Date().toISOString(),
    tolerance: RUN_TOLERANCES[1],
    within_tolerance: true,
  },
];

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

function show(grants = ALL_GRANTS) {
  const onExport = jest.fn<void, [readonly ExportSheet[]]>();
  renderPage(<MyExtrusionWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/apps/dashboards/welcome', grants });
  return onExport;
}

describe('production-my-extrusion widget', () => {
  it("shows the user's running extrusions with their next 10-minute check, overdue ones in red, each linked to its order", async () => {
    // 25 minutes in without any check: the 20-minute mark is asked for and unanswered (and the 10-minute one was missed).
    const late = myRun(1, 25, { missed_checks: 1, missed_marks: [new Date(Date.now() - 15 * MINUTE).toISOString()] });
    // 5 minutes in: the first check comes at minute 10.
    const fresh = myRun(2, 5);
    // 34 minutes in, checked at minute 31: the 30-minute mark is answered, the next is at 40.
    const checked = myRun(3, 34);
    checked.last_check_at = plus(checked.start_extrusion_time, 31);
    const api = mockApi(on('GET', PATH, 200, [late, fresh, checked]));
    const onExport = show();

    const lateItem = await screen.findByTestId('my-run-1');
    const next = (id: number) => screen.getByTestId(`next-check-${id}`);
    expect(next(1).textContent).toBe(`Control vencido desde ${es.time(plus(late.start_extrusion_time, 20))}`);
    expect(next(1).getAttribute('data-overdue')).toBe('true');
    expect(within(lateItem).getByRole('button', { name: 'Controles perdidos: 1 · Responder tarde' })).toBeTruthy();
    expect(within(lateItem).getByText('Matriz M-100-1 · Perfil 40x20')).toBeTruthy();
    expect(within(lateItem).getByRole('link', { name: 'Orden OP-1 · Prensa 1' }).getAttribute('href')).toBe('/apps/orders/101');

    expect(next(2).textContent).toBe(`Próximo control: ${es.time(plus(fresh.start_extrusion_time, 10))}`);
    expect(next(2).getAttribute('data-overdue')).toBe('false');
    expect(screen.getByTestId('my-run-2').textContent).toContain('Sin controles todavía');
    expect(screen.getByTestId('my-run-2').textContent).not.toContain('Controles perdidos');

    expect(next(3).textContent).toBe(`Próximo control: ${es.time(plus(checked.start_extrusion_time, 40))}`);
    expect(screen.getByTestId('my-run-3').textContent).toContain(`Último control: ${es.time(checked.last_check_at)}`);
    expect(api.calls('GET', PATH)).toHaveLength(1);

    await waitFor(() => expect(onExport).toHaveBeenLastCalledWith([expect.objectContaining({ title: 'Mi extrusión' })]));
    const [sheet] = onExport.mock.lastCall![0];
    expect(sheet.columns).toEqual(['Orden', 'Prensa', 'Matriz', 'Inicio', 'Último control', 'Próximo control', 'Estado del control', 'Controles perdidos']);
    expect(sheet.rows.map((row) => [row[0], row[1], row[2], row[6], row[7]])).toEqual([
      ['OP-1', 'Prensa 1', 'M-100-1', 'Vencido', 1],
      ['OP-2', 'Prensa 2', 'M-100-2', 'Al día', 0],
      ['OP-3', 'Prensa 3', 'M-100-3', 'Al día', 0],
    ]);
    expect(sheet.rows[0][4]).toBeNull();
    expect(sheet.rows[1][5]).toBe(es.dateTime(plus(fresh.start_extrusion_time, 10)));
  });

  it('shows a run whose press is stopped as paused, with the cause and its running time frozen, and asks no check', async () => {
    // 50 minutes since the start, the press stopped 30 minutes ago after 20 minutes of running.
    const paused = myRun(1, 50, {
      paused: true,
      paused_since: new Date(Date.now() - 30 * MINUTE).toISOString(),
      pause_cause: 'hydraulic',
      paused_ms: 30 * MINUTE,
      running_ms: 20 * MINUTE,
    });
    // Resumed: a 25-minute stop ended; 15 minutes of running, the 10-minute mark answered: the next check is at 20 minutes of running time.
    const resumed = myRun(2, 40, { paused_ms: 25 * MINUTE, running_ms: 15 * MINUTE, last_check_at: new Date(Date.now() - 2 * MINUTE).toISOString() });
    mockApi(on('GET', PATH, 200, [paused, resumed]));
    show();
    const item = await screen.findByTestId('my-run-1');
    expect(within(item).getByTestId('run-paused').textContent).toBe(`En pausa desde ${es.time(paused.paused_since!)}: Falla hidráulica`);
    expect(item.textContent).toContain('Tiempo en marcha: 0 h 20 min');
    expect(screen.queryByTestId('next-check-1')).toBeNull();
    // No 'Registrar control' on the paused run (the API refuses a check while its press is stopped); the resumed one has it.
    expect(within(item).queryByRole('button', { name: /Registrar control/ })).toBeNull();
    expect(within(screen.getByTestId('my-run-2')).getByRole('button', { name: /Registrar control/ })).toBeTruthy();
    expect(screen.getByTestId('next-check-2').textContent).toBe(`Próximo control: ${es.time(plus(resumed.start_extrusion_time, 45))}`);
  });

  it('does not link to an order the user may not open', async () => {
    mockApi(on('GET', PATH, 200, [myRun(1, 3)]));
    show({ ...ALL_GRANTS, orders: { read: false, insert: false, update: false, delete: false } });
    const item = await screen.findByTestId('my-run-1');
    expect(within(item).getByText('Orden OP-1 · Prensa 1')).toBeTruthy();
    expect(within(item).queryByRole('link')).toBeNull();
  });

  it('says so when nothing of the user runs', async () => {
    mockApi(on('GET', PATH, 200, []));
    const onExport = show();
    expect(await screen.findByText('No tienes extrusiones en marcha.')).toBeTruthy();
    await waitFor(() => expect(onExport).toHaveBeenLastCalledWith([{ title: 'Mi extrusión', columns: expect.any(Array), rows: [] }]));
  });

  it('answers a missed mark late: the chosen mark and A and B, with the profile tolerances shown before typing', async () => {
    const first = myRun(1, 35, { missed_checks: 2, late_checks: 1 });
    first.missed_marks = [plus(first.start_extrusion_time, 10), plus(first.start_extrusion_time, 20)];
    const api = mockApi(on('GET', PATH, 200, [first, myRun(2, 5)]), on('POST', '/api/extrusion/1/late-check', 201, saved(1, 25.42, 3.21)));
    const told: string[] = [];
    const stopSnackbars = onSnackbar((snackbar) => told.push(snackbar.message));
    show();
    const item = await screen.findByTestId('my-run-1');
    expect(item.textContent).toContain('Respondidos tarde: 1');
    fireEvent.click(within(item).getByRole('button', { name: 'Controles perdidos: 2 · Responder tarde' }));

    const dialog = await screen.findByRole('dialog', { name: 'Responder un control perdido' });
    expect(dialog.textContent).toContain('Orden OP-1 · Prensa 1 · Matriz M-100-1 · Perfil 40x20');
    expect(dialog.textContent).toContain('Nominal 25,40 mm (−0,10 / +0,15)');
    expect(dialog.textContent).toContain('Nominal 3,20 mm (−0,05 / +0,05)');
    const mark = within(dialog).getByRole('combobox', { name: /Control perdido/ }) as HTMLSelectElement;
    // The oldest missed mark first; each listed by its time.
    expect(mark.value).toBe(first.missed_marks[0]);
    expect([...mark.options].map((option) => option.textContent)).toEqual(['—', es.time(first.missed_marks[0]), es.time(first.missed_marks[1])]);
    fireEvent.change(mark, { target: { value: first.missed_marks[1] } });
    type(within(dialog).getByRole('textbox', { name: /Dimensión A/ }), '25,42');
    type(within(dialog).getByRole('textbox', { name: /Dimensión B/ }), '3,21');
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(api.calls('POST', '/api/extrusion/1/late-check')).toHaveLength(1));
    expect(api.calls('POST', '/api/extrusion/1/late-check')[0].body).toEqual({ mark_at: first.missed_marks[1], dimension_a: 25.42, dimension_b: 3.21 });
    await waitFor(() => expect(told).toEqual(['Control tardío guardado']));
    stopSnackbars();
    // The list is asked again (the mark answered leaves it) and the entry closes.
    await waitFor(() => expect(api.calls('GET', PATH)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Responder un control perdido' })).toBeNull());
  });

  it("enters a check of any of the user's runs, also from its overdue mark, not only the prompt's first run", async () => {
    const api = mockApi(on('GET', PATH, 200, [myRun(1, 3), myRun(2, 22)]), on('POST', '/api/orders/saveDieCriticalDimension', 201, saved(2, 25.4, 3.2)));
    const told: string[] = [];
    const stopSnackbars = onSnackbar((snackbar) => told.push(snackbar.message));
    show();
    const second = await screen.findByTestId('my-run-2');
    // 'Control vencido desde …' opens the entry of that run.
    fireEvent.click(within(second).getByRole('button', { name: /^Control vencido desde/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Control dimensional' });
    expect(dialog.textContent).toContain('Orden OP-2 · Prensa 2');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    type(within(dialog).getByRole('textbox', { name: /Dimensión A/ }), '25,4');
    type(within(dialog).getByRole('textbox', { name: /Dimensión B/ }), '3,2');
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.calls('POST', '/api/orders/saveDieCriticalDimension')).toHaveLength(1));
    expect(api.calls('POST', '/api/orders/saveDieCriticalDimension')[0].body).toEqual([
      { order_dies_id: 2, dimension_text: 'DimensionA', dimension_value: 25.4 },
      { order_dies_id: 2, dimension_text: 'DimensionB', dimension_value: 3.2 },
    ]);
    await waitFor(() => expect(told).toEqual(['Información Guardada']));
    stopSnackbars();
    // Each run has its own 'Registrar control'.
    expect(screen.getByRole('button', { name: 'Registrar control de la orden OP-1' })).toBeTruthy();
  });

  it("stops a run from the list: 'Detener extrusión' opens the run's stop form", async () => {
    mockApi(on('GET', PATH, 200, [myRun(1, 3)]));
    show();
    const item = await screen.findByTestId('my-run-1');
    fireEvent.click(within(item).getByRole('button', { name: 'Detener extrusión: Orden OP-1 · Prensa 1' }));
    expect(await screen.findByRole('form', { name: 'Detener extrusión' })).toBeTruthy();
  });

  it('offers no entry nor stop to whoever may not save checks or stop runs', async () => {
    mockApi(on('GET', PATH, 200, [myRun(1, 25, { missed_checks: 1, missed_marks: [new Date(Date.now() - 15 * MINUTE).toISOString()] })]));
    const none = { read: false, insert: false, update: false, delete: false };
    show({ ...ALL_GRANTS, orders: { ...none, read: true }, extrusion: { ...none, read: true } });
    const item = await screen.findByTestId('my-run-1');
    expect(within(item).queryByRole('button')).toBeNull();
    expect(within(item).getByText('Controles perdidos: 1')).toBeTruthy();
  });
});
