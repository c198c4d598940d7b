import { act, screen, waitFor, within } from '@testing-library/react';
import type { CorrectionRecordRow, EnlistmentRow } from '@planta/contracts';
import { createDefaultUser, sessionStore, userAtom } from '@planta/session';
import type { DashboardFilters } from '@planta/shell-contract';
import { mockApi, on, paged, renderPage } from '@planta/ui/testing';
import { ROW } from '../pages/correction.fixtures';
import MyCorrectionsWidget from './my-corrections.widget';
import TomorrowWidget, { hoursToEndOfTomorrow } from './tomorrow.widget';

const FILTERS: DashboardFilters = { from: '2026-05-01T00:00:00.000Z', to: null, lineId: null, shiftId: null };

const signIn = (id: number) => {
  const user = createDefaultUser();
  act(() => sessionStore.set(userAtom, { ...user, role: ['user'], data: { ...user.data, id, displayName: 'Andrés Olmedo' } }));
};

describe('my corrections widget', () => {
  it('lists the open records I correct, overdue ones first, each a link to its record', async () => {
    const rows: CorrectionRecordRow[] = [
      { ...ROW, id: 7, number: 'NC-2026-0007', due_at: '2026-11-30T22:59:59.000Z' },
      { ...ROW, id: 8, number: 'NC-2026-0008', due_at: '2026-11-10T22:59:59.000Z', overdue: true, status: 'in_correction', die_label: 'EN-2001-2' },
      { ...ROW, id: 9, number: 'NC-2026-0009', due_at: null, severity: 'critical' },
      { ...ROW, id: 10, number: 'NC-2026-0010', due_at: '2026-11-20T22:59:59.000Z' },
    ];
    const api = mockApi(on('GET', '/api/correction-record/all', 200, paged(rows)));
    const onExport = jest.fn();
    renderPage(<MyCorrectionsWidget filters={FILTERS} display={false} onExport={onExport} />, { url: '/' });
    signIn(5);
    const list = await screen.findByTestId('my-corrections');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['NC-2026-0008 · EN-2001-2', '/apps/correction-record/8'],
      ['NC-2026-0010 · EN-1042-1', '/apps/correction-record/10'],
      ['NC-2026-0007 · EN-1042-1', '/apps/correction-record/7'],
      ['NC-2026-0009 · EN-1042-1', '/apps/correction-record/9'],
    ]);
    const overdue = screen.getByTestId('my-correction-8');
    expect(within(overdue).getByText('Vencida')).toBeTruthy();
    expect(within(overdue).getByText('En corrección')).toBeTruthy();
    expect(within(screen.getByTestId('my-correction-9')).getByText(/Sin fecha límite/)).toBeTruthy();

    const query = api.calls('GET', '/api/correction-record/all').at(-1)!.url.searchParams;
    expect([query.get('corrector_id'), query.get('open')]).toEqual(['5', 'true']);
    const [sheet] = onExport.mock.calls.at(-1)![0];
    expect(sheet.title).toBe('Mis correcciones');
    expect(sheet.columns).toEqual(['Número', 'Matriz', 'Estado', 'Gravedad', 'Fecha límite', 'Vencida']);
    expect(sheet.rows[0]).toEqual(['NC-2026-0008', 'EN-2001-2', 'En corrección', 'Mayor', expect.any(String), 'Sí']);
  });

  it('says so when I have no open corrections', async () => {
    const api = mockApi(on('GET', '/api/correction-record/all', 200, paged([])));
    renderPage(<MyCorrectionsWidget filters={FILTERS} display={false} onExport={() => undefined} />, { url: '/' });
    signIn(5);
    await waitFor(() => expect(api.calls('GET', '/api/correction-record/all')).toHaveLength(1));
    expect((await screen.findByTestId('my-corrections-empty')).textContent).toBe('No tienes correcciones abiertas.');
  });
});

describe('tomorrow’s dies widget', () => {
  const ENLISTMENT: EnlistmentRow = {
    id: 21,
    number: 'AL-2026-0021',
    status: 'preparing',
    die_id: 12,
    die_reference: 'EN-1042',
    copy_number: 1,
    die_state: 'enlistment',
    production_order_id: 5,
    order_number: 'OP-2210',
    line_id: 1,
    line_name: 'Prensa 1',
    needed_at: '2026-11-21T06:00:00.000Z',
    overdue: true,
    needed_soon: true,
    oven_in_at: null,
    oven_out_at: null,
    dwell_hours: null,
    dwell_alarm: false,
    warnings: [],
    requested_at: '2026-11-20T06:00:00.000Z',
  };

  it('asks for the preparations needed by the end of tomorrow and not ready, each a link to its preparation', async () => {
    const api = mockApi(on('GET', '/api/die-enlistment/all', 200, paged([ENLISTMENT])));
    renderPage(<TomorrowWidget filters={FILTERS} display={false} onExport={() => undefined} />, { url: '/' });
    const item = await screen.findByTestId('tomorrow-21');
    expect(within(item).getByRole('link').textContent).toBe('AL-2026-0021 · EN-1042 · copia 1');
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/apps/die_enlistment/21');
    expect(within(item).getByText('Atrasado')).toBeTruthy();
    expect(within(item).getByText('En preparación')).toBeTruthy();
    const hours = Number(api.calls('GET', '/api/die-enlistment/all')[0].url.searchParams.get('due_within_hours'));
    expect(hours).toBeGreaterThanOrEqual(24);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it('counts the hours to the end of tomorrow', () => {
    expect(hoursToEndOfTomorrow(new Date(2026, 4, 10, 0, 0))).toBe(48);
    expect(hoursToEndOfTomorrow(new Date(2026, 4, 10, 22, 30))).toBe(26);
  });
});
