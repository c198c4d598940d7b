import { durationText, hoursDurationText, millimetreText, moneyText, numberText } from './number-format';

describe('numberText', () => {
  it.each<[number | null, string, number, string]>([
    [745481, 'es', 0, '745.481'],
    [0.85, 'es', 2, '0,85'],
    [1446.8, 'es', 3, '1446,8'],
    [1446.8, 'en', 3, '1,446.8'],
    [12345.678, 'es', 1, '12.345,7'],
    [null, 'es', 3, '—'],
  ])('writes %p in %p with %p decimals as %p', (value, language, digits, expected) => {
    expect(numberText(value, language, digits)).toBe(expected);
  });
});

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

describe('millimetreText', () => {
  it('writes a measure with two or three decimals in the language', () => {
    expect(millimetreText(40.35, 'es')).toBe('40,35');
    expect(millimetreText(25.4, 'es')).toBe('25,40');
    expect(millimetreText(0.125, 'en')).toBe('0.125');
    expect(millimetreText(null, 'es')).toBe('—');
  });
});
