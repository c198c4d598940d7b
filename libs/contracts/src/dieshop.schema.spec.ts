import { DIE_STATE_PHRASES, DIE_STATES, DIE_TRANSITIONS, dieLifeMessages, nitridingDue, percentOfThreshold, whyNotMoveDie, whyNotRun } from './dieshop.schema';

describe('the die state machine', () => {
  it('lets a die off the press go only to cleaning, and nothing leave scrapped', () => {
    expect(DIE_TRANSITIONS.press).toEqual(['cleaning']);
    expect(DIE_TRANSITIONS.scrapped).toEqual([]);
    for (const state of DIE_STATES) if (state !== 'press' && state !== 'scrapped') expect(DIE_TRANSITIONS[state]).toContain('scrapped');
  });

  it('names both states in a refusal', () => {
    expect(whyNotMoveDie('in_stock', 'in_stock')).toBeNull();
    expect(whyNotMoveDie('cleaning', 'nitriding')).toBeNull();
    expect(whyNotMoveDie('oven', 'cleaning')).toBe(`Una matriz ${DIE_STATE_PHRASES.oven} no puede pasar a ${DIE_STATE_PHRASES.cleaning}`);
    expect(whyNotMoveDie('scrapped', 'in_stock')).toBe(dieLifeMessages.scrappedIsFinal);
  });

  it.each([
    ['oven', false, null],
    ['in_stock', false, null],
    ['in_stock', true, dieLifeMessages.ovenRequired(DIE_STATE_PHRASES.in_stock)],
    ['trial', true, null],
    ['cleaning', false, dieLifeMessages.notRunnable(DIE_STATE_PHRASES.cleaning)],
    ['nitriding', true, dieLifeMessages.notRunnable(DIE_STATE_PHRASES.nitriding)],
  ] as const)('a run from %s (oven required: %s) → %s', (state, ovenRequired, refusal) => {
    expect(whyNotRun(state, ovenRequired)).toBe(refusal);
  });
});

describe('nitriding due', () => {
  it.each([
    [{ billets_since_nitriding: 0, kg_since_nitriding: 0 }, { nitriding_every_billets: null, nitriding_every_kg: null }, 'ok', null, null, null],
    [{ billets_since_nitriding: 84, kg_since_nitriding: 0 }, { nitriding_every_billets: 100, nitriding_every_kg: null }, 'ok', 84, 84, null],
    [{ billets_since_nitriding: 85, kg_since_nitriding: 0 }, { nitriding_every_billets: 100, nitriding_every_kg: null }, 'soon', 85, 85, null],
    // Whichever comes first: the kg are past while the billets are not.
    [{ billets_since_nitriding: 10, kg_since_nitriding: 52_000 }, { nitriding_every_billets: 100, nitriding_every_kg: 50_000 }, 'overdue', 104, 10, 104],
    [{ billets_since_nitriding: 100, kg_since_nitriding: 0 }, { nitriding_every_billets: 100, nitriding_every_kg: 50_000 }, 'overdue', 100, 100, 0],
    // Issue 37: 36 of 160 billets and 1465 of 20 000 kg: the flag follows the billets (22,5 %), the kg are 7,3 % of theirs.
    [{ billets_since_nitriding: 36, kg_since_nitriding: 1465 }, { nitriding_every_billets: 160, nitriding_every_kg: 20_000 }, 'ok', 22.5, 22.5, 7.3],
  ] as const)('%o against %o is %s (%s %; billets %s %, kg %s %)', (counters, thresholds, due, percent, billetsPercent, kgPercent) => {
    expect(nitridingDue(counters, thresholds)).toEqual({ due, percent, billets_percent: billetsPercent, kg_percent: kgPercent });
  });

  it('gives a quantity’s share of its own threshold, to one decimal, and none without a threshold', () => {
    expect(percentOfThreshold(1465, 20_000)).toBe(7.3);
    expect(percentOfThreshold(36, 160)).toBe(22.5);
    expect(percentOfThreshold(21_000, 20_000)).toBe(105);
    expect(percentOfThreshold(5, null)).toBeNull();
    expect(percentOfThreshold(5, 0)).toBeNull();
  });

  it('warns from the company’s share, compared before rounding', () => {
    expect(nitridingDue({ billets_since_nitriding: 6999, kg_since_nitriding: 0 }, { nitriding_every_billets: 10_000, nitriding_every_kg: null }, 70).due).toBe(
      'ok',
    );
    expect(nitridingDue({ billets_since_nitriding: 7000, kg_since_nitriding: 0 }, { nitriding_every_billets: 10_000, nitriding_every_kg: null }, 70).due).toBe(
      'soon',
    );
  });
});
