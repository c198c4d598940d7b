import { durationText, hoursDurationText, moneyText } from './number-format';

describe('durationText', () => {
  it.each<[number | null, string, string]>([
    [1608, 'es', '26 h 48 min'],
    [45, 'es', '45 min'],
    [0, 'es', '0 min'],
    [180, 'es', '3 h'],
    [61.4, 'es', '1 h 1 min'],
    [59.6, 'es', '1 h'],
    [1608, 'en', '26 h 48 min'],
    [1608, 'tr', '26 sa 48 dk'],
    [60 * 15000 + 5, 'es', '15.000 h 5 min'],
    [null, 'es', '—'],
  ])('writes %p minutes in %p as %p', (minutes, language, expected) => {
    expect(durationText(minutes, language)).toBe(expected);
  });

  it('reads hours too', () => {
    expect(hoursDurationText(0.85, 'es')).toBe('51 min');
    expect(hoursDurationText(26.8, 'es')).toBe('26 h 48 min');
  });
});

describe('moneyText', () => {
  it.each<[number | null, string, string, string]>([
    [5907, 'EUR', 'es', '5.907 €'],
    [1234.5, 'EUR', 'es', '1.234,50 €'],
    [5907, 'EUR', 'en', '€5,907'],
    [5907, 'USD', 'es', '5.907 US$'],
    [null, 'EUR', 'es', '—'],
  ])('writes %p %p in %p as %p', (value, currency, language, expected) => {
    expect(moneyText(value, currency, language).replace(/\u00a0/g, ' ')).toBe(expected);
  });
  it('takes more decimals for a cost per kilogram', () => {
    expect(moneyText(0.0125, 'EUR', 'es', 4).replace(/\u00a0/g, ' ')).toBe('0,0125 €');
  });
});
