import { dateErrorOf, dateInputText, dateLayoutOf, parseDateText, parseTimeText } from './date-text';

describe('days typed and shown in the user language', () => {
  it('asks for the language pattern', () => {
    expect(dateLayoutOf('es').pattern).toBe('dd/mm/aaaa');
    expect(dateLayoutOf('en').pattern).toBe('mm/dd/yyyy');
    expect(dateErrorOf('es')).toBe('Indica una fecha dd/mm/aaaa');
  });

  it('shows an ISO day in the language order', () => {
    expect(dateInputText('2025-03-12', 'es')).toBe('12/03/2025');
    expect(dateInputText('2025-03-12T10:00:00Z', 'es')).toBe('12/03/2025');
    expect(dateInputText('2025-03-12', 'en')).toBe('03/12/2025');
    expect(dateInputText(null)).toBe('');
  });

  it('reads a Spanish day as day, month, year and stores it as ISO', () => {
    expect(parseDateText('12/03/2025', 'es')).toEqual({ kind: 'date', value: '2025-03-12' });
    expect(parseDateText('1-3-25', 'es')).toEqual({ kind: 'date', value: '2025-03-01' });
    expect(parseDateText('01.12.2026', 'es')).toEqual({ kind: 'date', value: '2026-12-01' });
    expect(parseDateText('  ', 'es')).toEqual({ kind: 'empty' });
    expect(parseDateText('03/12/2025', 'en')).toEqual({ kind: 'date', value: '2025-03-12' });
  });

  it('refuses what is not a day, saying how to write it', () => {
    const refused = { kind: 'error', message: 'Indica una fecha dd/mm/aaaa' };
    expect(parseDateText('31/02/2025', 'es')).toEqual(refused);
    expect(parseDateText('12/13/2025', 'es')).toEqual(refused);
    expect(parseDateText('2025-03-12', 'es')).toEqual(refused);
    expect(parseDateText('mañana', 'es')).toEqual(refused);
    expect(parseDateText('12/03/025', 'es')).toEqual(refused);
  });
});

describe('times of day typed on a 24-hour clock', () => {
  it('reads hh:mm and refuses what is no time', () => {
    expect(parseTimeText('7:05')).toBe('07:05');
    expect(parseTimeText('23.59')).toBe('23:59');
    expect(parseTimeText('1430')).toBe('14:30');
    expect(parseTimeText('24:00')).toBeNull();
    expect(parseTimeText('7:5')).toBeNull();
    expect(parseTimeText('2 PM')).toBeNull();
  });
});
