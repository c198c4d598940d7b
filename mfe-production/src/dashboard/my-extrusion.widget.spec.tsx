import { screen, waitFor, within } from '@testing-library/react';
import type { MyRun } from '@planta/contracts';
import type { ExportSheet } from '@planta/shell-contract';
import { formatsOf } from '@planta/ui';
import { ALL_GRANTS, mockApi, on, renderPage } from '@planta/ui/testing';
import MyExtrusionWidget from './my-extrusion.widget';

const FILTERS = { from: '2026-11-01T05:00:00.000Z', to: null, lineId: null, shiftId: null };
const es = formatsOf('es');
const MINUTE = 60_000;
const PATH = '/api/extrusion/mine';

function run(id: number, startedMinutesAgo: number, extra: Partial<MyRun> = {}): MyRun {
  return {
    id,
    order_id: 100 + id,
    order_number: `OP-${id}`,
    profile: 'Perfil 40x20',
    line_id: id,
    line_name: `Prensa ${id}`,
    die_reference: 'M-100',
    copy_number: id,
    start_extrusion_time: new Date(Date.now() - startedMinutesAgo * MINUTE).toISOString(),
    last_check_at: null,
    missed_checks: 0,
    paused: false,
    paused_since: null,
    pause_cause: null,
    paused_ms: 0,
    running_ms: startedMinutesAgo * MINUTE,
    ...extra,
  };
}
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

function show(grants = ALL_GRANTS) {
  const onExport = jest.fn<void, [readonly ExportSheet[]]>();
  renderPage(<MyExtrusionWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/apps/dashboards/welcome', grants });
  return onExport;
}

describe('production-my-extrusion widget', () => {
  it("shows the user's running extrusions with their next 10-minute check, overdue ones in red, each linked to its order", async () => {
    // 25 minutes in without any check: the 20-minute mark is asked for and unanswered (and the 10-minute one was missed).
    const late = run(1, 25, { missed_checks: 1 });
    // 5 minutes in: the first check comes at minute 10.
    const fresh = run(2, 5);
    // 34 minutes in, checked at minute 31: the 30-minute mark is answered, the next is at 40.
    const checked = run(3, 34);
    checked.last_check_at = plus(checked.start_extrusion_time, 31);
    const api = mockApi(on('GET', PATH, 200, [late, fresh, checked]));
    const onExport = show();

    const lateItem = await screen.findByTestId('my-run-1');
    const next = (id: number) => screen.getByTestId(`next-check-${id}`);
    expect(next(1).textContent).toBe(`Control vencido desde ${es.time(plus(late.start_extrusion_time, 20))}`);
    expect(next(1).getAttribute('data-overdue')).toBe('true');
    expect(within(lateItem).getByText('Controles perdidos: 1')).toBeTruthy();
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
    const paused = run(1, 50, {
      paused: true,
      paused_since: new Date(Date.now() - 30 * MINUTE).toISOString(),
      pause_cause: 'hydraulic',
      paused_ms: 30 * MINUTE,
      running_ms: 20 * MINUTE,
    });
    // Resumed: a 25-minute stop ended; 15 minutes of running, the 10-minute mark answered: the next check is at 20 minutes of running time.
    const resumed = run(2, 40, { paused_ms: 25 * MINUTE, running_ms: 15 * MINUTE, last_check_at: new Date(Date.now() - 2 * MINUTE).toISOString() });
    mockApi(on('GET', PATH, 200, [paused, resumed]));
    show();
    const item = await screen.findByTestId('my-run-1');
    expect(within(item).getByTestId('run-paused').textContent).toBe(`En pausa desde ${es.time(paused.paused_since!)}: Falla hidráulica`);
    expect(item.textContent).toContain('Tiempo en marcha: 0 h 20 min');
    expect(screen.queryByTestId('next-check-1')).toBeNull();
    expect(screen.getByTestId('next-check-2').textContent).toBe(`Próximo control: ${es.time(plus(resumed.start_extrusion_time, 45))}`);
  });

  it('does not link to an order the user may not open', async () => {
    mockApi(on('GET', PATH, 200, [run(1, 3)]));
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
});
