import { periodInstant, startOfDayIn, toUtc } from './date-time';

describe("days in a company's time zone", () => {
  it.each([
    ['2026-10-29', 'Europe/Madrid', '2026-10-28T23:00:00.000Z'],
    ['2026-07-01', 'Europe/Madrid', '2026-06-30T22:00:00.000Z'],
    // The days the clocks change: both begin at midnight, before the change.
    ['2026-03-29', 'Europe/Madrid', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', 'Europe/Madrid', '2026-10-24T22:00:00.000Z'],
    ['2026-01-01', 'UTC', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01', 'Pacific/Kiritimati', '2025-12-31T10:00:00.000Z'],
    ['2026-01-01', 'Pacific/Pago_Pago', '2026-01-01T11:00:00.000Z'],
    ['2026-01-01', 'Asia/Kathmandu', '2025-12-31T18:15:00.000Z'],
    // Summer time begins at midnight there: the day begins at 01:00.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s begins in %s at %s', (date, timeZone, start) => {
    expect(startOfDayIn(date, timeZone).toISOString()).toBe(start);
  });

  it("reads a period's bounds: a day alone from its start to the start of the next, a moment as written", () => {
    expect(periodInstant('2026-10-29', 'from', 'Europe/Madrid').toISOString()).toBe('2026-10-28T23:00:00.000Z');
    expect(periodInstant('2026-10-29', 'to', 'Europe/Madrid').toISOString()).toBe('2026-10-29T23:00:00.000Z');
    expect(periodInstant('2026-10-24', 'to', 'Europe/Madrid').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(periodInstant('2026-12-31', 'to', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(periodInstant('2026-10-29T10:00:00+02:00', 'to', 'Pacific/Kiritimati').toISOString()).toBe('2026-10-29T08:00:00.000Z');
  });

  it('hands moments on as UTC, and anything else as it is', () => {
    expect(toUtc('2026-01-01T00:00:00+02:00')).toBe('2025-12-31T22:00:00.000Z');
    expect(toUtc('2026-01-01')).toBe('2026-01-01');
    expect(toUtc('2026-01-01T00:00:00+20:00')).toBe('2026-01-01T00:00:00+20:00');
  });
});
