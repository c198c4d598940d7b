import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@planta/contracts';
import { accessTokenAtom, configureRealtime, resetRealtimeForTests, sessionStore, watchRealtimeSession, type RealtimeSocket } from '@planta/session';
import { mockApi, type FetchCall } from '../chat/test-helpers';
import { renderShell, resetSession, setUser } from '../testing/render-shell';
import { NotificationBell, NotificationsPanel, resetNotificationsState } from './notifications-panel';

const notification = (id: number, text_message: string, extra: Partial<Notification> = {}): Notification => ({
  id,
  text_message,
  variant: 'info',
  is_read: false,
  hypothalum_id: null,
  correction_report_path: null,
  correctionPath: null,
  dismissed: false,
  created_at: '2026-03-04T08:00:00.000Z',
  ...extra,
});

const LIST = [
  notification(1, 'Te etiquetaron en una no conformidad', { hypothalum_id: 70, variant: 'warning' }),
  notification(2, 'La tarea 9 quedó bloqueado', { variant: 'error' }),
  notification(3, 'Se te asignó un mantenimiento preventivo', { variant: 'success' }),
  notification(4, 'Te mencionaron en un informe de corrección', { correctionPath: '5/6' }),
];

let calls: FetchCall[];
const markedRead = () => calls.filter((call) => call.path === '/notification/mark-read').map((call) => call.body as Notification & { is_read: boolean });

function renderNotifications(list: Notification[] = LIST) {
  calls = mockApi({ 'GET /notification/all': list, 'POST /notification/mark-read': {} });
  const result = renderShell(
    <>
      <NotificationBell />
      <NotificationsPanel />
    </>,
  );
  return result;
}

async function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
  return screen.findByRole('dialog', { name: 'Notificaciones' });
}

beforeEach(() => {
  resetSession();
  resetNotificationsState();
  resetRealtimeForTests();
  setUser(['user']);
});

afterEach(() => jest.restoreAllMocks());
afterAll(() => resetRealtimeForTests());

describe('notifications drawer (spec 2.5, 4)', () => {
  it("fetches the user's notifications, shows a dot on the bell, and each text and variant", async () => {
    renderNotifications();
    await waitFor(() => expect(screen.getByTestId('notifications-dot')).toBeTruthy());
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/notification/all?userId=1' });
    const drawer = await openDrawer();
    expect(within(drawer).getByText('La tarea 9 quedó bloqueado')).toBeTruthy();
    expect(within(drawer).getByText('Error')).toBeTruthy();
    expect(within(drawer).getByText('Advertencia')).toBeTruthy();
    expect(within(drawer).getByText('Éxito')).toBeTruthy();
  });

  it("shows 'No hay notificaciones por ahora' and no dot when there are none", async () => {
    renderNotifications([]);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('No hay notificaciones por ahora')).toBeTruthy();
    expect(screen.queryByTestId('notifications-dot')).toBeNull();
  });

  it("'Limpiar' removes all and marks each read except those containing 'bloqueado'", async () => {
    renderNotifications();
    const drawer = await openDrawer();
    await within(drawer).findByText('La tarea 9 quedó bloqueado');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Limpiar' }));
    expect(within(drawer).getByText('No hay notificaciones por ahora')).toBeTruthy();
    expect(screen.queryByTestId('notifications-dot')).toBeNull();
    await waitFor(() => expect(markedRead()).toHaveLength(3));
    expect(markedRead().map((body) => body.id)).toEqual([1, 3, 4]);
    expect(markedRead().every((body) => body.is_read === true)).toBe(true);
    expect(markedRead()[0]).toMatchObject({ ...LIST[0], is_read: true });
  });

  it('closing one marks it read and removes it; a second close within 1 second is ignored', async () => {
    let now = 50_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    renderNotifications();
    const drawer = await openDrawer();
    await within(drawer).findByText('La tarea 9 quedó bloqueado');
    const closeButtons = () => within(drawer).getAllByRole('button', { name: 'Cerrar notificación' });
    expect(closeButtons()).toHaveLength(4);

    fireEvent.click(closeButtons()[0]);
    expect(within(drawer).queryByText('Te etiquetaron en una no conformidad')).toBeNull();
    await waitFor(() => expect(markedRead().map((body) => body.id)).toEqual([1]));
    expect(markedRead()[0].is_read).toBe(true);

    now += 400;
    fireEvent.click(closeButtons()[0]);
    expect(closeButtons()).toHaveLength(3);

    now += 600;
    fireEvent.click(closeButtons()[0]);
    expect(closeButtons()).toHaveLength(2);
    await waitFor(() => expect(markedRead().map((body) => body.id)).toEqual([1, 2]));
  });

  it('opens the spec 2.2 links: correction record and report in a new tab, the maintenance board in the same tab', async () => {
    renderNotifications();
    const drawer = await openDrawer();
    const record = await within(drawer).findByRole('link', { name: 'Te etiquetaron en una no conformidad' });
    expect(record.getAttribute('href')).toBe('/apps/correction-record/70');
    expect(record.getAttribute('target')).toBe('_blank');
    const report = within(drawer).getByRole('link', { name: 'Te mencionaron en un informe de corrección' });
    expect(report.getAttribute('href')).toBe('/apps/correction-report/5/6');
    expect(report.getAttribute('target')).toBe('_blank');
    expect(within(drawer).queryByRole('link', { name: 'La tarea 9 quedó bloqueado' })).toBeNull();
    const board = within(drawer).getByRole('link', { name: 'Se te asignó un mantenimiento preventivo' });
    expect(board.getAttribute('target')).toBeNull();
    fireEvent.click(board);
    expect(screen.getByTestId('location').textContent).toBe('/apps/maintenance-kanban-board');
  });

  it('refetches the list when a notifying live event arrives', async () => {
    type Handler = (...args: unknown[]) => void;
    const handlers = new Map<string, Set<Handler>>();
    const fake: RealtimeSocket = {
      connected: true,
      active: true,
      on: (event, listener) => handlers.set(event, (handlers.get(event) ?? new Set()).add(listener as Handler)),
      off: (event, listener) => handlers.get(event)?.delete(listener as Handler),
      emit: () => undefined,
      connect: () => undefined,
      disconnect: () => undefined,
    };
    configureRealtime({ factory: () => fake });
    sessionStore.set(accessTokenAtom, 'token', false);
    watchRealtimeSession();
    try {
      renderNotifications([]);
      await waitFor(() => expect(calls).toHaveLength(1));
      calls = mockApi({ 'GET /notification/all': [notification(9, 'Nuevo reporte de fallas')] });
      act(() => handlers.get('failureReportSubmitted')?.forEach((handler) => handler({ text: 'Nuevo reporte de fallas', variant: 'info', id: 9 })));
      await waitFor(() => expect(screen.getByTestId('notifications-dot')).toBeTruthy());
      expect(calls.map((call) => call.path)).toEqual(['/notification/all?userId=1']);
    } finally {
      sessionStore.set(accessTokenAtom, null, false);
    }
  });
});
