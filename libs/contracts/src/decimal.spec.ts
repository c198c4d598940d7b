import { decimalMessages, groupSeparatorOf, parseDecimal } from './decimal';

const value = (text: string, group: string | null = null) => {
  const reading = parseDecimal(text, group);
  return reading.kind === 'number' ? reading.value : reading.kind === 'error' ? reading.message : null;
};

describe('parseDecimal', () => {
  it('takes a decimal comma or a decimal point alike', () => {
    expect(value('12,5')).toBe(12.5);
    expect(value('12.5')).toBe(12.5);
    expect(value('1500,5', '.')).toBe(1500.5);
    expect(value(' -2,25 ')).toBe(-2.25);
    expect(value(',5')).toBe(0.5);
    expect(value('0,125', '.')).toBe(0.125);
    expect(value('2,5')).toBe(2.5);
    expect(value('1800')).toBe(1800);
  });
  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(value('١٢٫٥')).toBe(12.5);
    expect(value('۱۲,۵')).toBe(12.5);
  });
  it('refuses two separators and anything that is not a number', () => {
    expect(value('12.5.3')).toBe(decimalMessages.oneSeparator);
    expect(value('1.500,5', '.')).toBe(decimalMessages.oneSeparator);
    expect(value('12,5,')).toBe(decimalMessages.oneSeparator);
    expect(value('12a')).toBe(decimalMessages.notANumber);
    expect(value('1e3')).toBe(decimalMessages.notANumber);
    expect(value('-')).toBe(decimalMessages.notANumber);
    expect(value('.')).toBe(decimalMessages.notANumber);
  });
  it('refuses what may be a thousands group in the language, saying what to type instead', () => {
    expect(value('1.500', '.')).toBe(decimalMessages.ambiguous('1500', '1,5'));
    expect(value('1,500', ',')).toBe(decimalMessages.ambiguous('1500', '1.5'));
    expect(value('12.050', '.')).toBe(decimalMessages.ambiguous('12050', '12,05'));
    // Unambiguous in that language: the other separator, another count of decimals, a zero whole part.
    expect(value('12,345', '.')).toBe(12.345);
    expect(value('1.5', '.')).toBe(1.5);
    expect(value('0.125', '.')).toBe(0.125);
    expect(value('1234.500', '.')).toBe(1234.5);
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
