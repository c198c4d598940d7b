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
  it('counts only running time: no mark inside a pause, the next ones shifted by it', () => {
    // The press stopped from minute 5 to minute 35: 30 minutes that do not count.
    const pauses = [{ from: at(5), to: at(35), cause: 'hydraulic' as const }];
    const marks = dimensionMarks(at(0), null, [at(41)], at(58), pauses);
    expect(marks.map((mark) => mark.at)).toEqual([at(40).toISOString(), at(50).toISOString()]);
    expect(marks.map((mark) => mark.state)).toEqual(['answered', 'due']);
    // Without the pause the same run would have missed marks at 10, 20, 30.
    expect(dimensionMarks(at(0), null, [at(41)], at(58)).filter((mark) => mark.state === 'missed')).toHaveLength(3);
  });
  it('keeps a mark due through a pause that is still open, and adds none while it lasts', () => {
    const pauses = [{ from: at(15), to: null, cause: 'die' as const }];
    const marks = dimensionMarks(at(0), null, [], at(120), pauses);
    expect(marks).toEqual([{ at: at(10).toISOString(), state: 'due' }]);
  });
  it('lets a check saved after the pause answer the mark before it, within ten minutes of running time', () => {
    const pauses = [{ from: at(12), to: at(42), cause: 'electrical' as const }];
    // 30 minutes of running time: marks at 10, 50 and 60 (the end); the check at 45 answers the first.
    expect(dimensionMarks(at(0), at(60), [at(45)], at(60), pauses).map((mark) => [mark.at, mark.state])).toEqual([
      [at(10).toISOString(), 'answered'],
      [at(50).toISOString(), 'missed'],
      [at(60).toISOString(), 'missed'],
    ]);
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
      // Two hours of running time (whatever its wall time: its press's stops are left out by runningHoursSql).
      { start: at(0), end: at(150), running_hours: 2, billets_pushed: 20, billet_kg: 1000, good_kg: 850, scrap_kg: 60 },
      { start: at(200), end: null, running_hours: null, billets_pushed: null, billet_kg: null, good_kg: null, scrap_kg: null },
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
