import { correctionNotices, maintenanceNotices, notificationRecordPaths, preventiveMessages, productionMessages, type Notification } from '@planta/contracts';
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

/**
 * Issue 37: every kind of notification the API sends, written as the API writes it (the texts of
 * @planta/contracts where they live there), and where clicking it leads.
 */
describe('notification links: one row per kind of notification', () => {
  const rows: { kind: string; fields: Partial<Notification>; link: { url: string; newTab: boolean } | null }[] = [
    {
      kind: 'new failure report (failureReportSubmitted)',
      fields: {
        text_message: maintenanceNotices.failureReported({ kind: 'failure', number: 'RF-2026-0042', where: 'Sierra en caliente 1', severity: 'high' }),
        record_path: notificationRecordPaths.failureReport(42),
      },
      link: { url: '/apps/failure-damage-report/42', newTab: false },
    },
    {
      kind: "blocked work order (taskBlocked, 'bloqueado')",
      fields: {
        text_message: maintenanceNotices.taskBlocked({ number: 'OT-2026-0007', machine: 'Estiradora 3' }, 'falta el cilindro'),
        record_path: notificationRecordPaths.workOrder(7),
      },
      link: { url: '/apps/corrective-maintenance/7', newTab: false },
    },
    {
      kind: 'mention in a work order comment',
      fields: { text_message: 'Te mencionaron en OT-2026-0007: revisa la mordaza', record_path: notificationRecordPaths.workOrder(7) },
      link: { url: '/apps/corrective-maintenance/7', newTab: false },
    },
    {
      kind: 'preventive order overdue',
      fields: { text_message: preventiveMessages.overdue('OT-2026-0009', 'Engrase semanal'), record_path: notificationRecordPaths.workOrder(9) },
      link: { url: '/apps/corrective-maintenance/9', newTab: false },
    },
    {
      kind: 'a run whose press is back up (runResumable): the start form, where the run is stopped',
      fields: { text_message: productionMessages.runResumable('Prensa 2 - 1800 t', 'OP-EN-02440'), record_path: notificationRecordPaths.runStart() },
      link: { url: '/apps/extrusion/new', newTab: false },
    },
    {
      kind: 'corrective maintenance assigned (spec 2.2: the board, same tab)',
      fields: { text_message: 'Se te asignó la actividad de mantenimiento correctivo OT-2026-0011: Falla en Prensa 2' },
      link: { url: '/apps/maintenance-kanban-board', newTab: false },
    },
    {
      kind: 'preventive maintenance assigned (spec 2.2: the board, same tab)',
      fields: { text_message: 'Se te asignó la actividad de mantenimiento preventivo OT-2026-0012: Engrase semanal' },
      link: { url: '/apps/maintenance-kanban-board', newTab: false },
    },
    {
      kind: 'correction assigned',
      fields: { text_message: correctionNotices.assigned('CR-2026-0003', 'EN-1042-1'), hypothalum_id: 3 },
      link: { url: '/apps/correction-record/3', newTab: true },
    },
    {
      kind: 'mention in a correction (non-conformity)',
      fields: { text_message: correctionNotices.mentionInRecord('CR-2026-0003', 'mira la zona B'), hypothalum_id: 3 },
      link: { url: '/apps/correction-record/3', newTab: true },
    },
    {
      kind: 'automatic correction draft',
      fields: { text_message: correctionNotices.autoDraft('CR-2026-0004', 'EN-1042-1', 'A', 40.35, 40, 3), hypothalum_id: 4 },
      link: { url: '/apps/correction-record/4', newTab: true },
    },
    {
      kind: 'mention in a correction report (spec 2.2: new tab)',
      fields: { text_message: correctionNotices.mentionInReport('CR-2026-0003', 2, 'ya probé'), correction_report_path: '3/8', correctionPath: '3/8' },
      link: { url: '/apps/correction-report/3/8', newTab: true },
    },
    {
      kind: 'a correction mention without hypothesis (spec 2.2: the notification id)',
      fields: { text_message: 'Te mencionaron en una no conformidad' },
      link: { url: '/apps/correction-record/31', newTab: true },
    },
    {
      kind: 'a notice about no record',
      fields: { text_message: 'La matriz PS-0501 quedó lista para producción' },
      link: null,
    },
  ];

  it.each(rows)('$kind', ({ fields, link }) => {
    expect(notificationLink(notification(fields))).toEqual(link);
  });

  it("the blocked notice keeps the word 'bloqueado' (spec 4: 'Limpiar' leaves it)", () => {
    expect(maintenanceNotices.taskBlocked({ number: 'OT-1', machine: null }, 'sin repuesto')).toContain('bloqueado');
  });
});
