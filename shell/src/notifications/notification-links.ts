import type { Notification } from '@planta/contracts';

export interface NotificationLink {
  url: string;
  /** true: a new tab (window.open); false: the same tab (router navigation) */
  newTab: boolean;
}

type LinkFields = Pick<Notification, 'id' | 'text_message' | 'hypothalum_id' | 'correction_report_path' | 'correctionPath' | 'record_path'>;

const MAINTENANCE = /mantenimiento/i;
const ASSIGNED_ACTIVITY = /correctiv|preventiv|asign/i;
const CORRECTION_MENTION = /no\s+conformidad|correcci[oó]n|hipot[eé]sis/i;

/**
 * Spec 2.2 links of a notification. A stored notification does not say which event raised it,
 * so the kind is read from its fields first, then from its text:
 *  1. correction_report_path or correctionPath set → correction-report mention:
 *     /apps/correction-report/{correction_report_path ?? correctionPath}, new tab;
 *  2. hypothalum_id set → non-conformity / correction mention:
 *     /apps/correction-record/{hypothalum_id}, new tab;
 *  then record_path set (issue 37: a new failure report, a blocked work order, a mention in a
 *     work order, a run whose press is back up) → that record, same tab;
 *  3. text speaks of maintenance AND of a corrective / preventive activity or an assignment
 *     ('asign...') → maintenance assignment:
 *     /apps/maintenance-kanban-board, same tab;
 *  4. text speaks of a non-conformity or correction → correction mention without hypothesis:
 *     /apps/correction-record/{id}, new tab;
 *  otherwise (a text about no record) no link.
 */
export function notificationLink(notification: LinkFields): NotificationLink | null {
  const path = notification.correction_report_path || notification.correctionPath;
  if (path) return { url: `/apps/correction-report/${path}`, newTab: true };
  if (notification.hypothalum_id !== null && notification.hypothalum_id !== undefined) {
    return { url: `/apps/correction-record/${notification.hypothalum_id}`, newTab: true };
  }
  if (notification.record_path) return { url: notification.record_path, newTab: false };
  const text = notification.text_message ?? '';
  if (MAINTENANCE.test(text) && ASSIGNED_ACTIVITY.test(text)) return { url: '/apps/maintenance-kanban-board', newTab: false };
  if (CORRECTION_MENTION.test(text)) return { url: `/apps/correction-record/${notification.id}`, newTab: true };
  return null;
}
