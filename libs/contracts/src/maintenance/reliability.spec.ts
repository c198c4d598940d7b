import fc from 'fast-check';
import { figuresFromTotals, isFailureStop, meanHours, pmCompliance, reliabilityFigures, stopHoursInPeriod, type StopSpan } from './reliability';

const at = (text: string) => new Date(`${text}Z`);

describe('reliability figures (domain.md A1.4)', () => {
  // Period 1–11 Jan (240 h) measured until now, 10 Jan 12:00: 228 h.
  const period = { from: at('2026-01-01T00:00:00'), to: at('2026-01-11T00:00:00') };
  const now = at('2026-01-10T12:00:00');
  const stops: StopSpan[] = [
    // Failure started the day before: 2 h inside the period.
    { started_at: at('2025-12-31T22:00:00'), ended_at: at('2026-01-01T02:00:00'), planned: false, cause: 'mechanical' },
    // Planned maintenance: 8 h of stop time, not a failure.
    { started_at: at('2026-01-03T00:00:00'), ended_at: at('2026-01-03T08:00:00'), planned: true, cause: 'planned' },
    // Die change: 1 h of stop time, not a failure.
    { started_at: at('2026-01-04T10:00:00'), ended_at: at('2026-01-04T11:00:00'), planned: false, cause: 'die_change' },
    // Hydraulic failure: 5 h.
    { started_at: at('2026-01-05T00:00:00'), ended_at: at('2026-01-05T05:00:00'), planned: false, cause: 'hydraulic' },
    // A mechanical job done as planned work: 3 h of stop time, not a failure.
    { started_at: at('2026-01-06T00:00:00'), ended_at: at('2026-01-06T03:00:00'), planned: true, cause: 'mechanical' },
    // Electrical failure still open: counts until now, 5 h.
    { started_at: at('2026-01-10T07:00:00'), ended_at: null, planned: false, cause: 'electrical' },
    // After the period: ignored.
    { started_at: at('2026-01-20T00:00:00'), ended_at: at('2026-01-20T09:00:00'), planned: false, cause: 'mechanical' },
  ];

  it('equals the hand computation with clipped, open, planned and non-failure stops', () => {
    const figures = reliabilityFigures(stops, period, now);
    // stop time 2 + 8 + 1 + 5 + 3 + 5 = 24 h; failures: 2 h, 5 h, 5 h.
    expect(figures.periodHours).toBe(228);
    expect(figures.stopHours).toBe(24);
    expect(figures.failureCount).toBe(3);
    expect(figures.failureHours).toBe(12);
    expect(figures.mtbfHours).toBe(68); // (228 − 24) ÷ 3
    expect(figures.mttrHours).toBe(4); // 12 ÷ 3
    expect(figures.availability).toBeCloseTo(68 / 72, 12);
    expect(figures.uptimeShare).toBeCloseTo(1 - 24 / 228, 12);
  });

  it('an open stop counts until the period end when the period is over', () => {
    const past = { from: at('2026-01-01T00:00:00'), to: at('2026-01-02T00:00:00') };
    expect(stopHoursInPeriod({ started_at: at('2026-01-01T20:00:00'), ended_at: null }, past, now)).toBe(4);
  });

  it('without failures MTBF, MTTR and availability are undefined, never a division by zero', () => {
    const planned = stops.filter((stop) => !isFailureStop(stop));
    const figures = reliabilityFigures(planned, period, now);
    expect(figures.failureCount).toBe(0);
    expect(figures.mtbfHours).toBeNull();
    expect(figures.mttrHours).toBeNull();
    expect(figures.availability).toBeNull();
    expect(figures.stopHours).toBe(12);
    expect(reliabilityFigures([], { from: now, to: now }, now).uptimeShare).toBeNull();
  });

  it('failure causes: billet shortage, die change and planned work are not failures', () => {
    expect(isFailureStop({ planned: false, cause: 'billet_shortage' })).toBe(false);
    expect(isFailureStop({ planned: false, cause: 'die_change' })).toBe(false);
    expect(isFailureStop({ planned: false, cause: 'planned' })).toBe(false);
    expect(isFailureStop({ planned: false, cause: 'die' })).toBe(true);
    expect(isFailureStop({ planned: true, cause: 'hydraulic' })).toBe(false);
  });

  it('availability lies in [0, 1] and MTBF × failures + stop time never exceeds the period', () => {
    const hour = 3_600_000;
    const base = Date.UTC(2026, 0, 1);
    const stop = fc
      .record({
        start: fc.integer({ min: -200, max: 1200 }),
        length: fc.integer({ min: 1, max: 100 }),
        open: fc.boolean(),
        planned: fc.boolean(),
        cause: fc.constantFrom('mechanical', 'hydraulic', 'electrical', 'die', 'billet_shortage', 'die_change', 'planned', 'other'),
      })
      .map(({ start, length, open, planned, cause }) => ({ start, end: start + length, open, planned, cause }));
    fc.assert(
      fc.property(fc.array(stop, { maxLength: 20 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (raw, length, nowOffset) => {
        // Stops of one machine never overlap: keep the ones that do not touch an earlier kept one.
        const kept: typeof raw = [];
        for (const candidate of [...raw].sort((a, b) => a.start - b.start)) {
          const last = kept.at(-1);
          if (last && (last.open || last.end > candidate.start)) continue;
          kept.push(candidate);
        }
        const spans: StopSpan[] = kept.map((s) => ({
          started_at: new Date(base + s.start * hour),
          ended_at: s.open ? null : new Date(base + s.end * hour),
          planned: s.planned,
          cause: s.cause,
        }));
        const figures = reliabilityFigures(spans, { from: new Date(base), to: new Date(base + length * hour) }, new Date(base + nowOffset * hour));
        if (figures.availability !== null) {
          expect(figures.availability).toBeGreaterThanOrEqual(0);
          expect(figures.availability).toBeLessThanOrEqual(1);
        }
        if (figures.mtbfHours !== null) expect(figures.mtbfHours * figures.failureCount + figures.stopHours).toBeLessThanOrEqual(figures.periodHours + 1e-9);
        expect(figures.stopHours).toBeLessThanOrEqual(figures.periodHours + 1e-9);
        expect(figures.failureHours).toBeLessThanOrEqual(figures.stopHours + 1e-9);
      }),
    );
  });

  it('totals coming from SQL are bounded before dividing', () => {
    expect(figuresFromTotals({ periodHours: 10, stopHours: 12, failureCount: 1, failureHours: 12 }).mtbfHours).toBe(0);
  });
});

describe('MTTA, cycle time and PM compliance', () => {
  it('means over answered requests only', () => {
    expect(
      meanHours([
        { requested_at: at('2026-01-01T00:00:00'), answered_at: at('2026-01-01T02:00:00') },
        { requested_at: at('2026-01-01T00:00:00'), answered_at: at('2026-01-01T04:00:00') },
        { requested_at: at('2026-01-01T00:00:00'), answered_at: null },
      ]),
    ).toEqual({ hours: 3, count: 2 });
    expect(meanHours([])).toEqual({ hours: null, count: 0 });
  });

  it('counts orders completed on or before due', () => {
    const due = at('2026-01-05T00:00:00');
    expect(
      pmCompliance([
        { due_at: due, completed_at: due },
        { due_at: due, completed_at: at('2026-01-06T00:00:00') },
        { due_at: due, completed_at: null },
        { due_at: due, completed_at: at('2026-01-01T00:00:00') },
      ]),
    ).toEqual({ due: 4, onTime: 2, share: 0.5 });
    expect(pmCompliance([]).share).toBeNull();
  });
});
