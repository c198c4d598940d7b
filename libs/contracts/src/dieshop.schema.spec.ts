import { DIE_STATE_PHRASES, DIE_STATES, DIE_TRANSITIONS, dieLifeMessages, nitridingDue, whyNotMoveDie, whyNotRun } from './dieshop.schema';

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
    [{ billets_since_nitriding: 0, kg_since_nitriding: 0 }, { nitriding_every_billets: null, nitriding_every_kg: null }, 'ok', null],
    [{ billets_since_nitriding: 84, kg_since_nitriding: 0 }, { nitriding_every_billets: 100, nitriding_every_kg: null }, 'ok', 84],
    [{ billets_since_nitriding: 85, kg_since_nitriding: 0 }, { nitriding_every_billets: 100, nitriding_every_kg: null }, 'soon', 85],
    // Whichever comes first: the kg are past while the billets are not.
    [{ billets_since_nitriding: 10, kg_since_nitriding: 52_000 }, { nitriding_every_billets: 100, nitriding_every_kg: 50_000 }, 'overdue', 104],
    [{ billets_since_nitriding: 100, kg_since_nitriding: 0 }, { nitriding_every_billets: 100, nitriding_every_kg: 50_000 }, 'overdue', 100],
  ] as const)('%o against %o is %s (%s %)', (counters, thresholds, due, percent) => {
    expect(nitridingDue(counters, thresholds)).toEqual({ due, percent });
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
