import { shiftResource, type Shift } from '@planta/contracts';
import { resourcePage } from '@planta/ui';
import '../i18n';

/** A shift's hours, and whether it ends the next day. */
export const scheduleText = (shift: Pick<Shift, 'start_time' | 'end_time'>, nextDay: string) =>
  `${shift.start_time}–${shift.end_time}${shift.end_time <= shift.start_time ? ` (${nextDay})` : ''}`;

/** /apps/shifts/all, /new and /:id: the generic screens, with the schedule as one column. */
export default resourcePage(shiftResource, {
  columns: (texts) => {
    const schedule = (shift: Shift) => scheduleText(shift, texts.label('crossesMidnight'));
    return { start_time: { render: schedule, exportValue: schedule } };
  },
});
