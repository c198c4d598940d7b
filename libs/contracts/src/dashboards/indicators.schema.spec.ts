import {
  addProductionTotals,
  cardLight,
  correctionsPer10t,
  productionFiguresFromTotals,
  resolveIndicatorPeriod,
  topItems,
  type ProductionTotals,
} from './indicators.schema';

const totals = (over: Partial<ProductionTotals> = {}): ProductionTotals => ({
  periodHours: 48,
  plannedStopHours: 4,
  stopHours: 4,
  runHours: 4,
  billetKg: 4000,
  goodKg: 3200,
  scrapKg: 400,
  goalKg: 4000,
  checksExpected: 23,
  checksAnswered: 14,
  checksLate: 3,
  ...over,
});

describe('productionFiguresFromTotals', () => {
  it('gives OEE as availability × performance × quality', () => {
    const figures = productionFiguresFromTotals(totals());
    expect(figures.planned_hours).toBe(44);
    expect(figures.availability).toBeCloseTo(40 / 44, 6);
    expect(figures.performance).toBe(0.8);
    expect(figures.quality).toBeCloseTo(8 / 9, 6);
    expect(figures.oee).toBeCloseTo((40 / 44) * 0.8 * (8 / 9), 5);
    expect(figures).toMatchObject({ net_kg_h: 800, goal_kg_h: 1000, recovery: 0.8, scrap_ratio: 0.1 });
    // A late answer is neither on time (the share) nor missed and unanswered.
    expect(figures.checks).toEqual({ expected: 23, answered: 14, late: 3, missed: 6, share: expect.closeTo(14 / 23, 6) });
  });

  it('never divides by zero: no runs, no period', () => {
    const figures = productionFiguresFromTotals(totals({ runHours: 0, billetKg: 0, goodKg: 0, scrapKg: 0, goalKg: 0, checksExpected: 0, checksAnswered: 0 }));
    expect(figures).toMatchObject({ performance: null, quality: null, oee: null, recovery: null, net_kg_h: null, checks: { share: null } });
    expect(productionFiguresFromTotals(totals({ periodHours: 0, plannedStopHours: 0, stopHours: 0 })).availability).toBeNull();
  });

  it('adds lines up weighting each by its hours and goal', () => {
    const plant = productionFiguresFromTotals(
      addProductionTotals([totals(), totals({ goodKg: 7000, scrapKg: 500, billetKg: 8000, goalKg: 4000, stopHours: 0, plannedStopHours: 0 })]),
    );
    expect(plant.performance).toBeCloseTo(10_200 / 8000, 6);
    expect(plant.planned_hours).toBe(92);
  });
});

describe('the die shop and the summary', () => {
  it('counts corrections per 10 t extruded', () => {
    expect(correctionsPer10t(1, 2000)).toBe(5);
    expect(correctionsPer10t(2, 10_000)).toBe(2);
    expect(correctionsPer10t(1, 0)).toBeNull();
  });

  it('lights a card by its worst item and keeps the three most urgent', () => {
    const item = (severity: 'green' | 'amber' | 'red', text: string) => ({ severity, text, route: '/' });
    expect(cardLight([])).toBe('green');
    expect(cardLight([item('amber', 'a'), item('red', 'b')])).toBe('red');
    expect(topItems([item('amber', 'a'), item('amber', 'b'), item('red', 'c'), item('red', 'd')]).map((entry) => entry.text)).toEqual(['c', 'd', 'a']);
  });

  it('defaults to the last 30 days', () => {
    const now = new Date('2026-05-31T00:00:00Z');
    expect(resolveIndicatorPeriod({}, 'Europe/Madrid', now)).toEqual({ from: new Date('2026-05-01T00:00:00Z'), to: now });
  });

  it("reads days alone as whole days of the company's time zone (issue 36)", () => {
    const now = new Date('2026-12-31T00:00:00Z');
    expect(resolveIndicatorPeriod({ from: '2026-10-29', to: '2026-10-29' }, 'Europe/Madrid', now)).toEqual({
      from: new Date('2026-10-29T00:00:00+01:00'),
      to: new Date('2026-10-30T00:00:00+01:00'),
    });
    expect(resolveIndicatorPeriod({ from: '2026-07-01', to: '2026-07-01T12:00:00Z' }, 'America/Mexico_City', now)).toEqual({
      from: new Date('2026-07-01T00:00:00-06:00'),
      to: new Date('2026-07-01T12:00:00Z'),
    });
  });
});
