import { dieForecastMessages } from '@planta/contracts';
import { forecastNitriding, type ForecastDie, type ForecastOrder } from './die-forecast';

/** The plan's nitriding forecast (domain.md C1): the badge goes on the order during which a copy reaches its limit, and on no other. */
describe('forecastNitriding', () => {
  const copy = (id: number, since: { kg: number; billets?: number }, thresholds: { kg: number | null; billets: number | null }): ForecastDie => ({
    id,
    label: `EN-60${id}-1`,
    kg_since_nitriding: since.kg,
    billets_since_nitriding: since.billets ?? 0,
    threshold_kg: thresholds.kg,
    threshold_billets: thresholds.billets,
  });
  // A small press: one billet weighs about 40 kg.
  const order = (id: number, dieId: number, kg: number): ForecastOrder => ({ id, number: `OP-${id}`, die_id: dieId, kg, billet_kg: 40 });
  const hollow = { kg: 20_000, billets: 160 };

  it('flags only the order whose planned kg crosses the kg interval, not the orders before or after it', () => {
    const found = forecastNitriding(
      [copy(17, { kg: 4_580, billets: 113 }, hollow)],
      [order(1, 17, 5_000), order(2, 17, 9_000), order(3, 17, 6_000), order(4, 17, 3_000)],
    );
    // 4 580 + 5 000 + 9 000 = 18 580 (not yet); + 6 000 = 24 580: during order 3.
    expect(found).toEqual([
      expect.objectContaining({ order_id: 3, kg_after: 24_580, already_past: false, message: dieForecastMessages.reachesLimit('EN-6017-1', 'OP-3') }),
    ]);
  });

  it('leaves an order alone when its estimated billets cross the billet interval but its kg stay under the kg interval', () => {
    // 113 billets + 13 622 kg / 40 kg ≈ 341 more billets (past 160), but 18 202 kg of 20 000.
    expect(forecastNitriding([copy(17, { kg: 4_580, billets: 113 }, hollow)], [order(1, 17, 13_622)])).toEqual([]);
  });

  it('counts the estimated billets when the copy has a billet interval only', () => {
    const found = forecastNitriding([copy(20, { kg: 0, billets: 50 }, { kg: null, billets: 100 })], [order(1, 20, 1_000), order(2, 20, 1_500)]);
    // 50 + 25 = 75; + 38 = 113.
    expect(found).toEqual([expect.objectContaining({ order_id: 2, billets_after: 113, already_past: false })]);
  });

  it('names the first order of a copy already past its limit, as already past', () => {
    const found = forecastNitriding([copy(31, { kg: 1_000, billets: 170 }, hollow)], [order(1, 31, 500), order(2, 31, 500)]);
    expect(found).toEqual([expect.objectContaining({ order_id: 1, already_past: true, message: dieForecastMessages.alreadyPast('EN-6031-1', 'OP-1') })]);
  });

  it('says nothing of a copy without intervals, or whose orders stay inside its limit', () => {
    expect(
      forecastNitriding([copy(1, { kg: 50_000 }, { kg: null, billets: null }), copy(2, { kg: 0 }, hollow)], [order(1, 1, 9_000), order(2, 2, 19_999)]),
    ).toEqual([]);
  });
});
