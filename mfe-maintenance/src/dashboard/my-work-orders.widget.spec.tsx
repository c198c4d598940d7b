import { act, screen, waitFor, within } from '@testing-library/react';
import type { WorkOrderRow } from '@planta/contracts';
import { createDefaultUser, sessionStore, userAtom } from '@planta/session';
import { mockApi, on, paged, renderPage } from '@planta/ui/testing';
import MyWorkOrdersWidget from './my-work-orders.widget';

const ROW: WorkOrderRow = {
  id: 1,
  number: 'OT-2026-0001',
  type: 'corrective',
  title: 'Cambio de sello',
  status: 'assigned',
  priority: 'medium',
  machine_id: 3,
  machine_name: 'Prensa 1',
  assignee_id: 5,
  assignee_name: 'Andrés Olmedo',
  report_number: null,
  blocked: false,
  created_at: '2026-05-01T08:00:00.000Z',
  due_at: '2026-06-10T08:00:00.000Z',
  overdue: false,
  downtime_minutes: 0,
};

const signIn = (id: number) => {
  const user = createDefaultUser();
  act(() => sessionStore.set(userAtom, { ...user, role: ['user'], data: { ...user.data, id, displayName: 'Andrés Olmedo' } }));
};

describe('my work orders widget', () => {
  it('lists my open orders, the most urgent first, each a link to its record', async () => {
    const rows: WorkOrderRow[] = [
      { ...ROW, id: 1, number: 'OT-2026-0001', priority: 'medium', due_at: '2026-06-01T08:00:00.000Z' },
      { ...ROW, id: 2, number: 'OT-2026-0002', priority: 'urgent', due_at: '2026-06-20T08:00:00.000Z' },
      { ...ROW, id: 3, number: 'OT-2026-0003', priority: 'low', due_at: '2026-05-02T08:00:00.000Z', overdue: true, status: 'in_progress' },
      { ...ROW, id: 4, number: 'OT-2026-0004', type: 'preventive', priority: 'medium', due_at: null },
    ];
    const api = mockApi(on('GET', '/api/work-order/all', 200, paged(rows)));
    const onExport = jest.fn();
    renderPage(<MyWorkOrdersWidget filters={{ from: '', to: null, lineId: null, shiftId: null }} display={false} onExport={onExport} />, { url: '/' });
    signIn(5);
    const list = await screen.findByTestId('my-work-orders');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'OT-2026-0003 · Cambio de sello',
      'OT-2026-0002 · Cambio de sello',
      'OT-2026-0001 · Cambio de sello',
      'OT-2026-0004 · Cambio de sello',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/apps/corrective-maintenance/3',
      '/apps/corrective-maintenance/2',
      '/apps/corrective-maintenance/1',
      '/apps/corrective-maintenance/4',
    ]);
    expect(within(screen.getByTestId('my-work-order-3')).getByText('Vencida')).toBeTruthy();
    expect(within(screen.getByTestId('my-work-order-2')).getByText('Urgente')).toBeTruthy();
    expect(within(screen.getByTestId('my-work-order-4')).getByText(/Sin fecha límite/)).toBeTruthy();

    const query = api.calls('GET', '/api/work-order/all').at(-1)!.url.searchParams;
    expect([query.get('assignee_id'), query.get('open')]).toEqual(['5', 'true']);
    const sheets = onExport.mock.calls.at(-1)![0];
    expect(sheets[0].title).toBe('Mis órdenes de trabajo');
    expect(sheets[0].columns).toEqual(['Número', 'Título', 'Máquina', 'Prioridad', 'Estado', 'Fecha límite', 'Vencida']);
    expect(sheets[0].rows[0]).toEqual(['OT-2026-0003', 'Cambio de sello', 'Prensa 1', 'Baja', 'En progreso', expect.any(String), 'Sí']);
  });

  it('says so when I have no open orders', async () => {
    const api = mockApi(on('GET', '/api/work-order/all', 200, paged([])));
    renderPage(<MyWorkOrdersWidget filters={{ from: '', to: null, lineId: null, shiftId: null }} display={false} onExport={() => undefined} />, { url: '/' });
    signIn(5);
    await waitFor(() => expect(api.calls('GET', '/api/work-order/all')).toHaveLength(1));
    expect((await screen.findByTestId('my-work-orders-empty')).textContent).toBe('No tienes órdenes de trabajo abiertas.');
  });
});
