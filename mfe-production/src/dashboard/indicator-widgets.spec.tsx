import { screen, waitFor } from '@testing-library/react';
import type { DashboardFilters, ExportSheet, WidgetProps } from '@planta/shell-contract';
import { formatsOf } from '@planta/ui';
import { mockApi, on, renderPage } from '@planta/ui/testing';
import { cloneElement, type ComponentType, type ReactElement } from 'react';
import ChecksWidget from './checks.widget';
import OeeWidget from './oee.widget';
import OutputWidget from './output.widget';
import ParetoWidget from './pareto.widget';
import TrendWidget from './trend.widget';
import { figures, indicators } from './test-figures';

// jsdom lays nothing out: the charts get a fixed size instead of their container's.
jest.mock('recharts', () => ({
  ...jest.requireActual('recharts'),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 600, height: 260 }),
}));

const FILTERS: DashboardFilters = { from: '2026-11-01T05:00:00.000Z', to: null, lineId: null, shiftId: 4 };
const es = formatsOf('es');
const PATH = '/api/indicators/production';
const DATA = indicators({
  trend: [
    { ...figures({ oee: 0.7 }), day: '2026-11-01' },
    { ...figures({ oee: null, performance: null }), day: '2026-11-02' },
  ],
  loss_pareto: [
    { cause: 'mechanical', minutes: 300, stops: 3, cumulative_share: 0.6 },
    { cause: 'billet_shortage', minutes: 200, stops: 5, cumulative_share: 1 },
  ],
});

function show(Widget: ComponentType<WidgetProps>) {
  const onExport = jest.fn<void, [readonly ExportSheet[]]>();
  renderPage(<Widget filters={FILTERS} display={false} onExport={onExport} />, { url: '/apps/dashboards/indicators' });
  return onExport;
}
const lastSheets = async (onExport: jest.Mock<void, [readonly ExportSheet[]]>) => {
  await waitFor(() => expect(onExport.mock.lastCall?.[0].length).toBeGreaterThan(0));
  return onExport.mock.lastCall![0];
};

describe('production indicator widgets', () => {
  it('productivity and recovery: plant figures with their formulas, net kg/h against the goal per press', async () => {
    const api = mockApi(on('GET', PATH, 200, DATA));
    const onExport = show(OutputWidget);
    await screen.findByTestId('figure-net-kg-h');
    expect(Object.fromEntries(api.calls('GET', PATH)[0].url.searchParams)).toEqual({ from: FILTERS.from, shift_id: '4' });
    expect(screen.getByTestId('figure-net-kg-h').textContent).toContain(`Meta: ${es.number(1200, 0)} kg/h`);
    expect(screen.getByTestId('figure-recovery').textContent).toContain(es.percent(0.88));
    expect(screen.getByTestId('figure-scrap').textContent).toContain(es.percent(0.04));
    expect(screen.getByTestId('figure-good-kg').textContent).toBe(`Kg buenos${es.number(132_000, 0)} kg`);
    expect(screen.getByRole('img', { name: 'Kg/h netos de cada prensa frente a la meta de su línea.' })).toBeTruthy();
    const sheets = await lastSheets(onExport);
    expect(sheets.map((sheet) => sheet.title)).toEqual(['Productividad y recuperación', 'Kg/h netos por prensa']);
    // A press that did not run is measured against its line's own goal.
    expect(sheets[1].rows[2]).toEqual(['Prensa 3', null, 900, 132000, 150000, 88, 4]);
  });

  it('dimension checks: expected, answered on time, late (tardíos) and missed with their share, per press', async () => {
    mockApi(on('GET', PATH, 200, DATA));
    const onExport = show(ChecksWidget);
    await screen.findByTestId('figure-checks-share');
    expect(screen.getByTestId('figure-checks-share').textContent).toContain(es.percent(0.972222));
    expect(screen.getByTestId('figure-checks-missed').textContent).toContain('15');
    expect(screen.getByTestId('figure-checks-late').textContent).toBe('Tardíos5');
    expect(screen.getByTestId('checks-press-1').textContent).toContain('720');
    const sheets = await lastSheets(onExport);
    expect(sheets[0]).toEqual({
      title: 'Controles dimensionales',
      columns: ['Indicador', 'Valor'],
      rows: [
        ['Esperados', 720],
        ['Respondidos', 700],
        ['Tardíos', 5],
        ['Perdidos', 15],
        ['Cumplimiento (%)', 97.2],
      ],
    });
  });

  it('trend: a line per figure and day, a day without figures left empty', async () => {
    mockApi(on('GET', PATH, 200, DATA));
    const onExport = show(TrendWidget);
    expect(
      await screen.findByRole('img', { name: `OEE, disponibilidad, rendimiento y calidad por día, del ${es.date('2026-11-01')} al ${es.date('2026-11-02')}.` }),
    ).toBeTruthy();
    const sheets = await lastSheets(onExport);
    expect(sheets).toEqual([
      {
        title: 'Tendencia de OEE',
        columns: ['Día', 'OEE (%)', 'Disponibilidad (%)', 'Rendimiento (%)', 'Calidad (%)'],
        rows: [
          [es.date('2026-11-01'), 70, 90, 85, 95],
          [es.date('2026-11-02'), null, 90, null, 95],
        ],
      },
    ]);
  });

  it('loss Pareto: minutes by stop cause with the cumulative share, or says there were no stops', async () => {
    // The causes are named by the portal's shared vocabulary.
    mockApi(on('GET', PATH, 200, DATA));
    const onExport = show(ParetoWidget);
    expect(
      await screen.findByRole('img', {
        name: 'Minutos de paradas no planificadas por causa, de mayor a menor, con su porcentaje acumulado. Primera causa: Falla mecánica, 5 h.',
      }),
    ).toBeTruthy();
    const sheets = await lastSheets(onExport);
    expect(sheets[0].columns).toEqual(['Causa', 'Minutos', 'Paradas', 'Acumulado (%)']);
    expect(sheets[0].rows).toEqual([
      ['Falla mecánica', 300, 3, 60],
      ['Falta de tocho', 200, 5, 100],
    ]);
    // On screen a stop's time reads in hours and minutes, not '200' minutes.
    expect(screen.getByRole('columnheader', { name: 'Duración', hidden: true })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '3 h 20 min', hidden: true })).toBeTruthy();
  });

  it('loss Pareto without stops', async () => {
    mockApi(on('GET', PATH, 200, indicators()));
    show(ParetoWidget);
    expect(await screen.findByText('No hubo paradas no planificadas en el período elegido.')).toBeTruthy();
  });

  it('widgets showing the same figures at once share one request', async () => {
    const api = mockApi(on('GET', PATH, 200, DATA));
    const onExport = jest.fn();
    renderPage(
      <>
        <OeeWidget filters={FILTERS} display={false} onExport={onExport} />
        <OutputWidget filters={FILTERS} display={false} onExport={onExport} />
        <ChecksWidget filters={FILTERS} display={false} onExport={onExport} />
      </>,
      { url: '/apps/dashboards/indicators' },
    );
    await screen.findByTestId('figure-checks-share');
    await screen.findByTestId('figure-oee');
    expect(api.calls('GET', PATH)).toHaveLength(1);
  });
});
