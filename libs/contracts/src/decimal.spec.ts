import { decimalMessages, groupSeparatorOf, parseDecimal } from './decimal';

const value = (text: string, group: string | null = null) => {
  const reading = parseDecimal(text, group);
  return reading.kind === 'number' ? reading.value : reading.kind === 'error' ? reading.message : null;
};

const ES = '.';
const EN = ',';

describe('parseDecimal', () => {
  // [typed, language's thousands separator, reading]
  it.each<[string, string | null, number | string]>([
    // Spanish, as a spreadsheet in Spanish reads it.
    ['20.000', ES, 20000],
    ['20,5', ES, 20.5],
    ['1.234,5', ES, 1234.5],
    ['1.234.567', ES, 1234567],
    ['1.234.567,25', ES, 1234567.25],
    ['12.050', ES, 12050],
    ['1,500', ES, 1.5],
    ['0,125', ES, 0.125],
    ['12,345', ES, 12.345],
    ['-2,25', ES, -2.25],
    ['1 500', ES, 1500],
    // A point that cannot be a thousands group is the numeric keypad's decimal point.
    ['12.5', ES, 12.5],
    ['0.125', ES, 0.125],
    ['1234.500', ES, 1234.5],
    // English, the reverse.
    ['20,000', EN, 20000],
    ['20.5', EN, 20.5],
    ['1,234.5', EN, 1234.5],
    ['1,234,567.89', EN, 1234567.89],
    ['1.500', EN, 1.5],
    ['20,5', EN, 20.5],
    // Both separators say which is which, whatever the language.
    ['1,234.5', ES, 1234.5],
    ['1.234,5', EN, 1234.5],
    // Plain numbers.
    ['1800', ES, 1800],
    [' -2,25 ', null, -2.25],
    [',5', null, 0.5],
    ['2,5', null, 2.5],
    ['12.5', null, 12.5],
    // Arabic-Indic digits and separators.
    ['١٢٫٥', null, 12.5],
    ['۱۲,۵', null, 12.5],
    ['١٬٢٣٤٫٥', null, 1234.5],
  ])('reads %p (thousands separator %p) as %p', (typed, group, expected) => {
    expect(value(typed, group)).toBe(expected);
  });

  it.each<[string, string | null, string]>([
    ['12.5.3', ES, decimalMessages.oneSeparator],
    ['1.23.456', ES, decimalMessages.oneSeparator],
    ['1.2345,6', ES, decimalMessages.oneSeparator],
    ['1,2.5', EN, decimalMessages.oneSeparator],
    ['1,234,5', ES, decimalMessages.oneSeparator],
    ['12,5,', ES, decimalMessages.oneSeparator],
    ['40,2,5', ES, decimalMessages.oneSeparator],
    ['12a', ES, decimalMessages.notANumber],
    ['1e3', ES, decimalMessages.notANumber],
    ['-', ES, decimalMessages.notANumber],
    ['.', ES, decimalMessages.notANumber],
    // Truly ambiguous: a language without a thousands separator of its own.
    ['1.500', null, decimalMessages.ambiguous('1500', '1,5')],
    ['1,500', null, decimalMessages.ambiguous('1500', '1,5')],
    ['12.050', null, decimalMessages.ambiguous('12050', '12,05')],
  ])('refuses %p (thousands separator %p) saying what to type', (typed, group, message) => {
    expect(value(typed, group)).toBe(message);
  });

  it('says when there is nothing', () => {
    expect(parseDecimal('  ')).toEqual({ kind: 'empty' });
  });
});

describe('groupSeparatorOf', () => {
  it('knows the thousands separator of the portal languages', () => {
    expect(groupSeparatorOf('es')).toBe('.');
    expect(groupSeparatorOf('tr')).toBe('.');
    expect(groupSeparatorOf('en')).toBe(',');
  });
});
