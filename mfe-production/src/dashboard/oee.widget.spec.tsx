import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INDICATOR_FORMULAS, oeeBand } from '@planta/contracts';
import type { DashboardFilters, ExportSheet } from '@planta/shell-contract';
import { formatsOf } from '@planta/ui';
import { mockApi, on, renderPage } from '@planta/ui/testing';
import OeeWidget from './oee.widget';
import { figures, indicators } from './test-figures';

const FILTERS: DashboardFilters = { from: '2026-11-01T05:00:00.000Z', to: '2026-11-08T05:00:00.000Z', lineId: null, shiftId: null };
const es = formatsOf('es');
const PATH = '/api/indicators/production';

function show(filters: DashboardFilters = FILTERS, display = false) {
  const onExport = jest.fn<void, [readonly ExportSheet[]]>();
  renderPage(<OeeWidget filters={filters} display={display} onExport={onExport} />, { url: '/apps/dashboards/indicators' });
  return onExport;
}
const card = (testId: string) => screen.getByTestId(testId);

describe('OEE bands', () => {
  it('are red below 65 %, amber below 85 %, green from there, and none without a figure', () => {
    expect([0, 0.6499, 0.65, 0.8499, 0.85, 1.2].map(oeeBand)).toEqual(['red', 'red', 'amber', 'amber', 'green', 'green']);
    expect(oeeBand(null)).toBeNull();
  });
});

describe('production-oee widget', () => {
  it('shows the plant OEE coloured by its band, its parts with their formulas, and every press', async () => {
    const api = mockApi(on('GET', PATH, 200, indicators()));
    show();
    await screen.findByTestId('figure-oee');
    expect(card('figure-oee').textContent).toContain(es.percent(0.72675));
    expect(card('figure-oee').getAttribute('data-band')).toBe('amber');
    expect(card('figure-availability').textContent).toContain(es.percent(0.9));
    expect(card('figure-performance').textContent).toContain(es.percent(0.85));
    expect(card('figure-quality').textContent).toContain(es.percent(0.95));
    const query = api.calls('GET', PATH)[0].url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ from: FILTERS.from, to: FILTERS.to });

    // The press table: each press's OEE in its band, '—' without a figure, the name links to the line.
    const rowOf = (lineId: number) => screen.getByTestId(`oee-press-${lineId}`);
    expect(rowOf(1).querySelector('[data-band]')?.getAttribute('data-band')).toBe('red');
    expect(rowOf(2).querySelector('[data-band]')?.getAttribute('data-band')).toBe('green');
    expect(rowOf(3).querySelector('[data-band]')).toBeNull();
    expect(
      within(rowOf(3))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Prensa 3', '—', es.percent(0.9), '—', es.percent(0.95)]);
    expect(within(rowOf(1)).getByRole('link', { name: 'Prensa 1' }).getAttribute('href')).toBe('/apps/extrusion-line/1');

    // The formula behind the (i) of each figure is the contract's text.
    fireEvent.click(within(card('figure-oee')).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.oee)).toBeTruthy();
    fireEvent.click(within(card('figure-quality')).getByRole('button'));
    expect(await screen.findByText(INDICATOR_FORMULAS.quality)).toBeTruthy();
  });

  it('says there is no figure where a ratio has no divisor', async () => {
    mockApi(on('GET', PATH, 200, indicators({ plant: figures({ oee: null, quality: null, good_kg: 0, scrap_kg: 0 }) })));
    show();
    await screen.findByTestId('figure-oee');
    for (const testId of ['figure-oee', 'figure-quality']) {
      expect(card(testId).textContent).toContain('—');
      expect(card(testId).textContent).toContain('Sin datos');
      expect(card(testId).getAttribute('data-band')).toBeNull();
    }
    expect(card('figure-availability').textContent).not.toContain('Sin datos');
  });

  it('hands the dashboard the figures it shows, with Spanish titles', async () => {
    mockApi(on('GET', PATH, 200, indicators()));
    const onExport = show();
    await screen.findByTestId('figure-oee');
    await waitFor(() => expect(onExport).toHaveBeenLastCalledWith(expect.arrayContaining([expect.objectContaining({ title: 'OEE de Planta' })])));
    expect(onExport.mock.lastCall![0]).toEqual([
      {
        title: 'OEE de Planta',
        columns: ['Indicador', 'Valor'],
        rows: [
          ['OEE (%)', 72.7],
          ['Disponibilidad (%)', 90],
          ['Rendimiento (%)', 85],
          ['Calidad (%)', 95],
        ],
      },
      {
        title: 'OEE por prensa',
        columns: ['Prensa', 'OEE (%)', 'Disponibilidad (%)', 'Rendimiento (%)', 'Calidad (%)'],
        rows: [
          ['Prensa 1', 60, 80, 80, 93.8],
          ['Prensa 2', 90, 90, 85, 95],
          ['Prensa 3', null, 90, null, 95],
        ],
      },
    ]);
  });

  it('on the shop-floor display shows the one press in large type with its net kg/h against the goal, without table, links or (i) buttons', async () => {
    const press = { ...figures({ oee: 0.9, net_kg_h: 1150, goal_kg_h: 1200 }), line_id: 2, line_name: 'Prensa 2', net_productivity_goal_kg_h: 1200 };
    const api = mockApi(on('GET', PATH, 200, indicators({ plant: figures({ oee: 0.9, net_kg_h: 1150, goal_kg_h: 1200 }), presses: [press] })));
    const onExport = show({ ...FILTERS, lineId: 2 }, true);
    await screen.findByTestId('figure-oee');
    expect(api.calls('GET', PATH)[0].url.searchParams.get('line_id')).toBe('2');
    expect(card('figure-oee').getAttribute('data-band')).toBe('green');
    expect(card('figure-oee').textContent).toContain('Prensa 2');
    expect(card('figure-net-kg-h').textContent).toContain(es.number(1150, 0));
    expect(card('figure-net-kg-h').textContent).toContain(`Meta: ${es.number(1200, 0)} kg/h`);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(onExport).toHaveBeenCalled());
    expect(onExport.mock.lastCall![0]).toEqual([
      {
        title: 'OEE de Prensa 2',
        columns: ['Indicador', 'Valor'],
        rows: [
          ['OEE (%)', 90],
          ['Disponibilidad (%)', 90],
          ['Rendimiento (%)', 85],
          ['Calidad (%)', 95],
          ['Kg/h netos', 1150],
          ['Meta (kg/h)', 1200],
        ],
      },
    ]);
  });

  it('shows a failed load inline and loads again on Reintentar', async () => {
    let failing = true;
    mockApi((url) =>
      url.pathname === PATH
        ? failing
          ? { status: 403, body: { statusCode: 403, message: 'No tienes permiso para ver estas cifras', error: 'Forbidden' } }
          : { status: 200, body: indicators() }
        : undefined,
    );
    const onExport = show();
    expect(await screen.findByText(/No tienes permiso para ver estas cifras/)).toBeTruthy();
    expect(screen.queryByTestId('figure-oee')).toBeNull();
    expect(onExport).toHaveBeenLastCalledWith([]);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('figure-oee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
