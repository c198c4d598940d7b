import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIE_STATES, INDICATOR_FORMULAS, type DieshopIndicators } from '@planta/contracts';
import type { DashboardFilters } from '@planta/shell-contract';
import { mockApi, on, renderPage } from '@planta/ui/testing';
import CorrectionsWidget from './corrections.widget';
import DiesWidget from './dies.widget';

const COUNTS: Partial<Record<(typeof DIE_STATES)[number], number>> = { in_stock: 40, press: 6, correction: 3, nitriding: 2, scrapped: 11 };

const INDICATORS: DieshopIndicators = {
  period: { from: '2026-05-01T00:00:00.000Z', to: '2026-05-31T00:00:00.000Z', now: '2026-05-31T00:00:00.000Z' },
  dies_by_state: DIE_STATES.map((state) => ({ state, count: COUNTS[state] ?? 0 })),
  nitriding: { soon: 4, overdue: 2 },
  scrapped_in_period: 1,
  corrections: {
    open: 5,
    overdue: 2,
    opened_in_period: 6,
    extruded_kg: 120000,
    per_10t: 0.5,
    per_die: [
      { die_id: 12, die_reference: 'EN-1042', copy_number: 1, corrections: 3, extruded_kg: 20000, per_10t: 1.5 },
      { die_id: 13, die_reference: 'EN-2001', copy_number: 2, corrections: 3, extruded_kg: 100000, per_10t: 0.3 },
    ],
    first_trial: { decided: 4, approved: 3, share: 0.75 },
  },
};

const FILTERS: DashboardFilters = { from: '2026-05-01T00:00:00.000Z', to: null, lineId: 3, shiftId: null };

describe('die shop indicator widgets', () => {
  it('shows the dies by state with their Spanish names, nitriding soon and overdue linking to the inventory, and the scrapped ones', async () => {
    const api = mockApi(on('GET', '/api/indicators/dieshop', 200, INDICATORS));
    const onExport = jest.fn();
    renderPage(<DiesWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/' });
    const overdue = await screen.findByTestId('figure-nitriding-overdue');
    expect(overdue.textContent).toContain('Nitrurado vencido2');
    expect(overdue.getAttribute('data-band')).toBe('red');
    expect(within(overdue).getByRole('link', { name: 'Ver el inventario' }).getAttribute('href')).toBe('/apps/dies/all');
    fireEvent.click(within(overdue).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.nitriding)).toBeTruthy();
    expect(screen.getByTestId('figure-nitriding-soon').getAttribute('data-band')).toBe('amber');
    expect(screen.getByTestId('figure-dies-scrapped').textContent).toContain('1');
    const chart = within(screen.getByTestId('chart-dies-by-state')).getByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/^Copias de matriz por estado: Nueva \(en recepción\) 0, En inventario 40,/);
    expect(chart.getAttribute('aria-label')).toContain('En prensa 6');

    // The period only: the die shop's figures are the plant's, whatever the press.
    const query = api.calls('GET', '/api/indicators/dieshop')[0].url.searchParams;
    expect([query.get('from'), query.get('to'), query.get('line_id')]).toEqual([FILTERS.from, null, null]);
    await waitFor(() => expect(onExport).toHaveBeenCalled());
    const [figures, byState] = onExport.mock.calls.at(-1)![0];
    expect(figures.rows).toEqual([
      ['Nitrurado próximo', 4],
      ['Nitrurado vencido', 2],
      ['Dadas de baja en el período', 1],
    ]);
    expect(byState.columns).toEqual(['Estado', 'Copias']);
    expect(byState.rows).toContainEqual(['En corrección', 3]);
  });

  it('shows corrections open and overdue, per 10 t and first-trial approval with their formulas, and the dies with the most per 10 t', async () => {
    mockApi(on('GET', '/api/indicators/dieshop', 200, INDICATORS));
    const onExport = jest.fn();
    renderPage(<CorrectionsWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/' });
    const per10t = await screen.findByTestId('figure-corrections-per-10t');
    expect(per10t.textContent).toContain('0,5');
    expect(per10t.textContent).toContain('6 en el período');
    fireEvent.click(within(per10t).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.correctionsPer10t)).toBeTruthy();
    const firstTrial = screen.getByTestId('figure-first-trial');
    expect(firstTrial.textContent).toMatch(/75\s?%/);
    expect(firstTrial.textContent).toContain('3 de 4 aprobadas');
    fireEvent.click(within(firstTrial).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.firstTrial)).toBeTruthy();
    expect(screen.getByTestId('figure-corrections-open').textContent).toContain('5');
    expect(screen.getByTestId('figure-corrections-overdue').getAttribute('data-band')).toBe('red');

    const table = screen.getByTestId('corrections-top-dies');
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['EN-1042-1', '/apps/dies/dieResume/12'],
      ['EN-2001-2', '/apps/dies/dieResume/13'],
    ]);
    await waitFor(() => expect(onExport).toHaveBeenCalled());
    const [summary, perDie] = onExport.mock.calls.at(-1)![0];
    expect(summary.rows).toEqual(
      expect.arrayContaining([
        ['Correcciones cada 10 t', 0.5],
        ['Aprobación a la primera (%)', 75],
      ]),
    );
    expect(perDie).toEqual({
      title: 'Matrices con más correcciones cada 10 t',
      columns: ['Matriz', 'Correcciones', 'Kg de tocho extruidos', 'Correcciones cada 10 t'],
      rows: [
        ['EN-1042-1', 3, 20000, 1.5],
        ['EN-2001-2', 3, 100000, 0.3],
      ],
    });
  });

  it('says whom the corrections are for when the caller may not read the records, and exports nothing', async () => {
    mockApi(on('GET', '/api/indicators/dieshop', 200, { ...INDICATORS, corrections: null }));
    const onExport = jest.fn();
    renderPage(<CorrectionsWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/' });
    expect(await screen.findByTestId('corrections-no-access')).toBeTruthy();
    await waitFor(() => expect(onExport).toHaveBeenCalledWith([]));
    expect(screen.queryByTestId('figure-corrections-per-10t')).toBeNull();
  });

  it('shows a failure inline with Reintentar', async () => {
    let fail = true;
    mockApi((url) =>
      url.pathname === '/api/indicators/dieshop'
        ? fail
          ? { status: 500, body: { statusCode: 500, message: 'Error interno' } }
          : { status: 200, body: INDICATORS }
        : undefined,
    );
    renderPage(<CorrectionsWidget filters={FILTERS} display={false} onExport={() => undefined} />, { url: '/' });
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('figure-corrections-open')).toBeTruthy();
  });
});
