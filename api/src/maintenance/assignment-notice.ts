import { liveEvents, type WorkOrderType } from '@planta/contracts';

const ACTIVITY: Record<WorkOrderType, string> = {
  corrective: 'mantenimiento correctivo',
  preventive: 'mantenimiento preventivo',
  improvement: 'mantenimiento de mejora',
};

/**
 * What the assignee of a work order is told (spec 2.2), whichever path assigned it (the board,
 * accepting a failure report, a preventive plan's order): the text names the maintenance
 * activity, which is how the shell links it to the board in the same tab. It goes out as
 * userLabelMaintenanceBoard: the person is named on a card of the maintenance board.
 */
export function assignmentNotification(order: { type: WorkOrderType; number: string; title: string }) {
  return {
    event: liveEvents.userLabelMaintenanceBoard,
    text: `Se te asignó la actividad de ${ACTIVITY[order.type]} ${order.number}: ${order.title}`,
    variant: 'info' as const,
  };
}
