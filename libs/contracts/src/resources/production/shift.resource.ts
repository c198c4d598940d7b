import { productionMessages } from '../../production.messages';
import { RESOURCE_PLACES } from '../resource-places';
import { defineResource, field, type ResourceRecord } from '../../resource';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A work shift of a line, which may cross midnight. */
export const shiftResource = defineResource({
  name: 'shift',
  ...RESOURCE_PLACES.shift,
  page: 'shifts',
  api: 'shifts',
  table: 'shift',
  icon: 'ClockRegular',
  fields: {
    name: field.text({ max: 60, required: true }),
    start_time: field.time({ required: true }),
    /** May be before the start: the shift then crosses midnight. */
    end_time: field.time({ required: true }),
    days: field.integerSet({ values: WEEKDAYS, required: true, message: productionMessages.chooseDays }),
    supervisor: field.text({ max: 100, required: true }),
    line_id: field.reference({ to: 'extrusionLine' }),
  },
  display: ['name'],
  rules: [
    {
      path: 'end_time',
      message: productionMessages.sameStartAndEnd,
      reads: ['start_time', 'end_time'],
      test: (shift) => shift.start_time !== shift.end_time,
    },
  ],
  list: {
    columns: [
      { field: 'name', width: 20 },
      { field: 'start_time', label: 'schedule', width: 28 },
      { field: 'days', width: 40 },
      'line_id',
      { field: 'supervisor', width: 24 },
    ],
    sortable: ['name', 'start_time', 'supervisor'],
    searchable: ['name', 'supervisor'],
    defaultSort: 'name',
    exportName: 'turnos',
  },
  example: { name: 'Refuerzo sábado', start_time: '08:00', end_time: '13:00', days: [6], supervisor: 'Ana Beltrán' },
});

export type Shift = ResourceRecord<typeof shiftResource>;
