import { filtersFor, periodChoiceFrom, periodChoiceParams, runningShift, type PeriodChoice } from './dashboard-period';

const SHIFTS = [
  { id: 1, name: 'Mañana', start_time: '06:00', end_time: '14:00' },
  { id: 2, name: 'Tarde', start_time: '14:00', end_time: '22:00' },
  { id: 3, name: 'Noche', start_time: '22:00:00', end_time: '06:00:00' },
];
const choice = (extra: Partial<PeriodChoice>): PeriodChoice => ({ preset: 'today', from: null, to: null, lineId: null, shiftId: null, ...extra });
const local = (year: number, month: number, day: number, hours = 0, minutes = 0) => new Date(year, month - 1, day, hours, minutes);

describe('dashboard periods', () => {
  it('finds the running shift, a night shift from the evening before after midnight', () => {
    expect(runningShift(SHIFTS, local(2026, 11, 23, 9, 30))).toEqual({ shift: SHIFTS[0], start: local(2026, 11, 23, 6) });
    expect(runningShift(SHIFTS, local(2026, 11, 23, 23, 0))).toEqual({ shift: SHIFTS[2], start: local(2026, 11, 23, 22) });
    expect(runningShift(SHIFTS, local(2026, 11, 24, 2, 15))).toEqual({ shift: SHIFTS[2], start: local(2026, 11, 23, 22) });
    expect(runningShift(SHIFTS, local(2026, 11, 24, 6, 0))!.shift.id).toBe(1);
    expect(runningShift(SHIFTS.slice(0, 2), local(2026, 11, 24, 23, 0))).toBeNull();
  });

  it('gives each preset its instants up to now, and whole custom days', () => {
    const now = local(2026, 11, 26, 3, 0); // a Thursday, in the night shift
    expect(filtersFor(choice({ preset: 'shift' }), SHIFTS, now)).toMatchObject({ from: local(2026, 11, 25, 22).toISOString(), to: null, shiftId: 3 });
    expect(filtersFor(choice({}), SHIFTS, now)).toMatchObject({ from: local(2026, 11, 26).toISOString(), to: null });
    expect(filtersFor(choice({ preset: 'week' }), SHIFTS, now).from).toBe(local(2026, 11, 23).toISOString());
    expect(filtersFor(choice({ preset: 'month', lineId: 4 }), SHIFTS, now)).toMatchObject({ from: local(2026, 11, 1).toISOString(), lineId: 4 });
    expect(filtersFor(choice({ preset: 'custom', from: '2026-10-01', to: '2026-10-31' }), SHIFTS, now)).toMatchObject({
      from: local(2026, 10, 1).toISOString(),
      to: local(2026, 11, 1).toISOString(),
    });
    // No shift running: the shift preset shows today.
    expect(filtersFor(choice({ preset: 'shift' }), [], now)).toMatchObject({ from: local(2026, 11, 26).toISOString(), shiftId: null });
  });

  it('reads and writes the address, ignoring what does not make sense', () => {
    expect(periodChoiceFrom(new URLSearchParams('period=custom&from=2026-02-10&to=2026-02-01'))).toEqual(choice({}));
    expect(periodChoiceFrom(new URLSearchParams('period=nope&line=x&shift=-2'))).toEqual(choice({}));
    const custom = choice({ preset: 'custom', from: '2026-01-01', to: '2026-01-31', lineId: 3, shiftId: 2 });
    expect(periodChoiceFrom(periodChoiceParams(custom))).toEqual(custom);
    expect(periodChoiceParams(choice({ preset: 'shift', shiftId: 2 }), new URLSearchParams('display=1')).toString()).toBe('display=1&period=shift');
  });
});
