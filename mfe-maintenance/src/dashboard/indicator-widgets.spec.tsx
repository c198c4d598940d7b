import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INDICATOR_FORMULAS, type MaintenanceIndicators } from '@planta/contracts';
import type { DashboardFilters } from '@planta/shell-contract';
import { mockApi, on, renderPage } from '@planta/ui/testing';
import ReliabilityWidget from './reliability.widget';
import WorkWidget from './work.widget';

const press = (machine_id: number, name: string, line_id: number, failures: number) => ({
  machine_id,
  name,
  line_id,
  period_hours: 720,
  stop_hours: 12,
  failures,
  failure_hours: failures * 2,
  mtbf_hours: failures ? (720 - 12) / failures : null,
  mttr_hours: failures ? 2 : null,
  availability: failures ? 708 / failures / (708 / failures + 2) : null,
});

const INDICATORS: MaintenanceIndicators = {
  period: { from: '2026-05-01T00:00:00.000Z', to: '2026-05-31T00:00:00.000Z', now: '2026-05-31T00:00:00.000Z' },
  plant: { period_hours: 1440, stop_hours: 24, failures: 4, failure_hours: 8, mtbf_hours: 354, mttr_hours: 2, availability: 0.99438 },
  presses: [press(1, 'Prensa 1', 10, 4), press(2, 'Prensa 2', 20, 0)],
  compliance: { due: 4, on_time: 3, share: 0.75 },
  open_work_orders: 7,
  overdue_work_orders: 3,
  downtime_by_cause: [
    { cause: 'mechanical', hours: 6.5, stops: 3 },
    { cause: 'billet_shortage', hours: 2, stops: 1 },
  ],
};

const FILTERS: DashboardFilters = { from: '2026-05-01T00:00:00.000Z', to: '2026-05-31T00:00:00.000Z', lineId: null, shiftId: null };

describe('maintenance indicator widgets', () => {
  it('shows MTBF, MTTR and availability of the presses with the contract formula, a table per press, and exports them', async () => {
    const api = mockApi(on('GET', '/api/indicators/maintenance', 200, INDICATORS));
    const onExport = jest.fn();
    renderPage(<ReliabilityWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/' });
    const mtbf = await screen.findByTestId('figure-mtbf');
    expect(mtbf.textContent).toContain('354 h');
    expect(screen.getByTestId('figure-mttr').textContent).toContain('2 h');
    expect(screen.getByTestId('figure-availability').textContent).toMatch(/99,4\s?%/);
    fireEvent.click(within(mtbf).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.mtbf)).toBeTruthy();
    // Not the OEE's 'Disponibilidad': named for what it is, its formula says the difference.
    const availability = screen.getByTestId('figure-availability');
    expect(availability.textContent).toContain('Disponibilidad inherente');
    fireEvent.click(within(availability).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.maintenanceAvailability)).toBeTruthy();
    expect(INDICATOR_FORMULAS.maintenanceAvailability).toMatch(/^Disponibilidad inherente = MTBF ÷ \(MTBF \+ MTTR\)/);

    const table = screen.getByTestId('reliability-presses');
    expect(within(table).getByRole('link', { name: 'Prensa 1' }).getAttribute('href')).toBe('/apps/maintenance-dashboard/machineResume/1');
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    const query = api.calls('GET', '/api/indicators/maintenance')[0].url.searchParams;
    expect([query.get('from'), query.get('to'), query.get('line_id')]).toEqual([FILTERS.from, FILTERS.to, null]);
    await waitFor(() => expect(onExport).toHaveBeenCalled());
    const [summary, perPress] = onExport.mock.calls.at(-1)![0];
    expect(summary).toMatchObject({ title: 'Confiabilidad de prensas', columns: ['Indicador', 'Valor'] });
    expect(summary.rows).toEqual(
      expect.arrayContaining([
        ['MTBF (h)', 354],
        ['Disponibilidad inherente (%)', 99.4],
        ['Prensa', 'Todas las prensas'],
      ]),
    );
    expect(perPress.columns).toEqual(['Prensa', 'MTBF (h)', 'MTTR (h)', 'Disponibilidad inherente (%)', 'Fallas', 'Horas de paro']);
    expect(perPress.rows[1]).toEqual(['Prensa 2', null, null, null, 0, 12]);
  });

  it('on the shop-floor display shows the one press in large figures, without the table or links', async () => {
    const one = { ...INDICATORS, plant: INDICATORS.presses[0], presses: [INDICATORS.presses[0]] };
    const api = mockApi(on('GET', '/api/indicators/maintenance', 200, one));
    const onExport = jest.fn();
    renderPage(<ReliabilityWidget filters={{ ...FILTERS, lineId: 10 }} display onExport={onExport} />, { url: '/' });
    expect((await screen.findByTestId('figure-mtbf')).textContent).toContain('177 h');
    expect(screen.queryByTestId('reliability-presses')).toBeNull();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(api.calls('GET', '/api/indicators/maintenance')[0].url.searchParams.get('line_id')).toBe('10');
    await waitFor(() => expect(onExport).toHaveBeenCalled());
    expect(onExport.mock.calls.at(-1)![0][0].rows[0]).toEqual(['Prensa', 'Prensa 1']);
  });

  it('shows a failure inline with Reintentar, and the figures once the retry answers', async () => {
    let fail = true;
    mockApi((url) =>
      url.pathname === '/api/indicators/maintenance'
        ? fail
          ? { status: 500, body: { statusCode: 500, message: 'Error interno' } }
          : { status: 200, body: INDICATORS }
        : undefined,
    );
    renderPage(<ReliabilityWidget filters={FILTERS} display={false} onExport={() => undefined} />, { url: '/' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudieron cargar las cifras');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByTestId('figure-mtbf')).textContent).toContain('354 h');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows preventive compliance, open and overdue orders linking to the board, and the stop hours by cause', async () => {
    mockApi(on('GET', '/api/indicators/maintenance', 200, INDICATORS));
    const onExport = jest.fn();
    renderPage(<WorkWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/' });
    const compliance = await screen.findByTestId('figure-compliance');
    expect(compliance.textContent).toMatch(/75\s?%/);
    expect(compliance.textContent).toContain('3 de 4 a tiempo');
    fireEvent.click(within(compliance).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.compliance)).toBeTruthy();
    expect(screen.getByTestId('figure-open-work-orders').textContent).toContain('7');
    const overdue = screen.getByTestId('figure-overdue-work-orders');
    expect(overdue.getAttribute('data-band')).toBe('red');
    expect(within(overdue).getByRole('link', { name: 'Ver en el tablero' }).getAttribute('href')).toBe('/apps/maintenance-kanban-board');
    const chart = screen.getByTestId('chart-downtime');
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toBe(
      'Horas de parada por causa en el período: Falla mecánica 6 h 30 min, Falta de tocho 2 h',
    );
    await waitFor(() => expect(onExport).toHaveBeenCalled());
    const [, causes] = onExport.mock.calls.at(-1)![0];
    expect(causes).toEqual({
      title: 'Horas de parada por causa',
      columns: ['Causa', 'Horas', 'Paradas'],
      rows: [
        ['Falla mecánica', 6.5, 3],
        ['Falta de tocho', 2, 1],
      ],
    });
  });
});
