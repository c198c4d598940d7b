import { billetKg, dimensionMarks, productionFigures, withLateAnswers } from './figures';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 6, 0) + minutes * 60_000);

describe('dimension marks', () => {
  it('marks every 10 minutes as answered, due or missed', () => {
    const marks = dimensionMarks(at(0), null, [at(11), at(31)], at(45));
    expect(marks.map((mark) => mark.state)).toEqual(['answered', 'missed', 'answered', 'due']);
    expect(marks[0].at).toBe(at(10).toISOString());
  });
  it('stops at the end of a finished run', () => {
    expect(dimensionMarks(at(0), at(25), [at(12)], at(600)).map((mark) => mark.state)).toEqual(['answered', 'missed']);
  });
  it('shows a missed mark answered afterwards as late, and only a missed one', () => {
    const marks = dimensionMarks(at(0), null, [at(11)], at(45));
    // Marks 10 (answered on time), 20 and 30 missed, 40 due; late answers named for 10, 20 and 40.
    expect(withLateAnswers(marks, [at(10), at(20), at(40)]).map((mark) => mark.state)).toEqual(['answered', 'late', 'missed', 'due']);
  });
});

describe('figures', () => {
  it('computes kg/h, recovery and scrap from finished runs only', () => {
    const figures = productionFigures([
      { start: at(0), end: at(120), billets_pushed: 20, billet_kg: 1000, good_kg: 850, scrap_kg: 60 },
      { start: at(200), end: null, billets_pushed: null, billet_kg: null, good_kg: null, scrap_kg: null },
    ]);
    expect(figures).toEqual({
      runs: 1,
      hours: 2,
      billets_pushed: 20,
      billet_kg: 1000,
      good_kg: 850,
      scrap_kg: 60,
      kg_h: 425,
      recovery: 0.85,
      scrap_ratio: 0.06,
    });
    expect(productionFigures([])).toMatchObject({ runs: 0, kg_h: null, recovery: null });
  });
  it('weighs billets from cross-section, length and density', () => {
    expect(billetKg(1, 24884.56, 1100, 2.7)).toBeCloseTo(73.91, 2);
  });
});
