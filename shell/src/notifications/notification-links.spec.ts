import { productionMessages, type Notification } from '@planta/contracts';
import { notificationLink } from './notification-links';

const notification = (extra: Partial<Notification>): Notification => ({
  id: 31,
  text_message: 'Aviso',
  variant: 'info',
  is_read: false,
  hypothalum_id: null,
  correction_report_path: null,
  correctionPath: null,
  dismissed: false,
  created_at: '2026-03-04T08:00:00.000Z',
  ...extra,
});

describe('notification links (spec 2.2)', () => {
  it('correction-report mention: correction_report_path, else correctionPath, in a new tab', () => {
    expect(notificationLink(notification({ correction_report_path: '12/5', correctionPath: '99/1' }))).toEqual({
      url: '/apps/correction-report/12/5',
      newTab: true,
    });
    expect(notificationLink(notification({ correctionPath: '99/1' }))).toEqual({ url: '/apps/correction-report/99/1', newTab: true });
  });

  it('a run whose press is back up: the start form, where the run is stopped, in the same tab', () => {
    const text = productionMessages.runResumable('Prensa 2 - 1800 t', 'OP-EN-02440');
    expect(notificationLink(notification({ text_message: text }))).toEqual({ url: '/apps/extrusion/new', newTab: false });
  });

  it('non-conformity mention: hypothalum_id, else the notification id, in a new tab', () => {
    expect(notificationLink(notification({ hypothalum_id: 8, text_message: 'Te etiquetaron en una no conformidad' }))).toEqual({
      url: '/apps/correction-record/8',
      newTab: true,
    });
    expect(notificationLink(notification({ text_message: 'Te mencionaron en la orden de corrección' }))).toEqual({
      url: '/apps/correction-record/31',
      newTab: true,
    });
  });

  it('corrective or preventive maintenance assignment: the maintenance board in the same tab', () => {
    expect(notificationLink(notification({ text_message: 'Se te asignó una actividad de mantenimiento correctivo' }))).toEqual({
      url: '/apps/maintenance-kanban-board',
      newTab: false,
    });
    expect(notificationLink(notification({ text_message: 'Mantenimiento preventivo asignado: prensa 2' }))?.url).toBe('/apps/maintenance-kanban-board');
  });

  it('no link for other notifications (blocked task, failure report)', () => {
    expect(notificationLink(notification({ text_message: 'La tarea quedó bloqueado' }))).toBeNull();
    expect(notificationLink(notification({ text_message: 'Nuevo reporte de fallas' }))).toBeNull();
  });
});
