import i18next from 'i18next';
import { dieLifeMessages, DIE_STATE_PHRASES, type DieState } from '@planta/contracts';
import { dieCopyOptions } from './die-copy-options';

// The labels' keys and their values: the rule under test is which copies are choosable and why.
const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`) as unknown as typeof i18next.t;
const copy = (id: number, state: DieState) => ({ id, die_reference: 'M-1', copy_number: id, state });

describe('die copies as production choices', () => {
  const dies = [copy(1, 'oven'), copy(2, 'in_stock'), copy(3, 'cleaning'), copy(4, 'scrapped')];

  it('disables, with the reason the API would give, the copies that cannot start a run', () => {
    const options = dieCopyOptions(dies, false, t);
    expect(options.map((option) => option.disabled)).toEqual([false, false, true, true]);
    expect(options[0].label).toContain('production:dieCopy.option');
    expect(options[0].label).toContain('common:dieState.oven');
    expect(options[2].label).toContain(dieLifeMessages.notRunnable(DIE_STATE_PHRASES.cleaning));
  });
  it("follows the company's oven setting: a copy in stock must go through the oven first", () => {
    const options = dieCopyOptions(dies, true, t);
    expect(options.map((option) => option.disabled)).toEqual([false, true, true, true]);
    expect(options[1].label).toContain(dieLifeMessages.ovenRequired(DIE_STATE_PHRASES.in_stock));
  });
  it('keeps copies that are busy now choosable when planning for later, but never a scrapped one', () => {
    const options = dieCopyOptions(dies, true, t, { disableNotRunnable: false });
    expect(options.map((option) => option.disabled)).toEqual([false, false, false, true]);
    expect(options[2].label).toContain('production:dieCopy.notRunnable');
  });
});
