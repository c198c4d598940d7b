import {
  cleanOcrText,
  foldText,
  formatDecimal,
  levenshtein,
  matchSpanishDate,
  matchSpanishNumber,
  normalizeLabel,
  parseSpanishDate,
  parseSpanishNumber,
  parseTolerance,
} from './spanish-values';

describe('parseSpanishNumber', () => {
  it.each([
    ['0,12', 0.12],
    ['1.050', 1050],
    ['1.050,5', 1050.5],
    ['1050', 1050],
    ['48.300,5', 48300.5],
    ['1.234.567', 1234567],
    ['-0,05', -0.05],
    ['+ 0,15', 0.15],
    ['12.5', 12.5],
    ['0.120', 0.12],
    ['1,245', 1.245],
  ])('reads %s as %d', (text, value) => {
    expect(parseSpanishNumber(text)).toBe(value);
  });

  it.each(['', 'abc', '1.05.0', '12/03/2025', '1,2,3', '1.050,5,1'])('refuses %p', (text) => {
    expect(parseSpanishNumber(text)).toBeNull();
  });

  it('finds the first number in a text, without a code’s hyphen as a minus', () => {
    expect(matchSpanishNumber('Dureza: 1.050 HV')).toEqual({ value: 1050, index: 8, length: 5 });
    expect(matchSpanishNumber('CN-2025')).toEqual({ value: 2025, index: 3, length: 4 });
    expect(matchSpanishNumber('sin cifras')).toBeNull();
  });

  it('writes numbers with a decimal point and no thousands', () => {
    expect(formatDecimal(0.12)).toBe('0.12');
    expect(formatDecimal(1050)).toBe('1050');
    expect(formatDecimal(0.1 + 0.2)).toBe('0.3');
  });
});

describe('parseTolerance', () => {
  it.each([
    ['± 0,10', { minus: 0.1, plus: 0.1 }],
    ['±0,20', { minus: 0.2, plus: 0.2 }],
    ['+/- 0,1', { minus: 0.1, plus: 0.1 }],
    ['+0,15/-0,05', { minus: 0.05, plus: 0.15 }],
    ['+0,15 / -0,05', { minus: 0.05, plus: 0.15 }],
    ['-0,05 +0,15', { minus: 0.05, plus: 0.15 }],
  ])('reads %s', (text, tolerance) => {
    expect(parseTolerance(text)).toEqual(tolerance);
  });

  it('is no tolerance without a sign, or with two of the same sign', () => {
    expect(parseTolerance('0,10')).toBeNull();
    expect(parseTolerance('+0,10 / +0,20')).toBeNull();
  });
});

describe('parseSpanishDate', () => {
  it.each([
    ['12/03/2025', '2025-03-12'],
    ['12-03-2025', '2025-03-12'],
    ['12.03.25', '2025-03-12'],
    ['1/3/2025', '2025-03-01'],
    ['12 de marzo de 2025', '2025-03-12'],
    ['12 marzo 2025', '2025-03-12'],
    ['5 de Septiembre del 2024', '2024-09-05'],
    ['2025-03-12', '2025-03-12'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseSpanishDate(text)).toBe(iso);
  });

  it.each(['31/02/2025', '12/13/2025', '4521-2', '1.050', 'marzo'])('refuses %p', (text) => {
    expect(parseSpanishDate(text)).toBeNull();
  });

  it('finds a date inside a line, day first', () => {
    expect(matchSpanishDate('Fecha salida: 02/03/2025 (lunes)')).toEqual({ iso: '2025-03-02', index: 14, length: 10 });
  });
});

describe('OCR clean-up and label folding', () => {
  it.each([
    ['N? certificado', 'Nº certificado'],
    ['N° certificado', 'Nº certificado'],
    ['No. certificado', 'Nº certificado'],
    ['Temperatura: 510 *C', 'Temperatura: 510 °C'],
    ['510*C', '510°C'],
    ['1.O5O HV', '1.050 HV'],
    ['CN-2O25-0457', 'CN-2025-0457'],
    ['51O °C', '510 °C'],
  ])('cleans %s', (text, cleaned) => {
    expect(cleanOcrText(text)).toBe(cleaned);
  });

  it('leaves words with an O alone', () => {
    expect(cleanOcrText('Nitruraciones del Norte O 10 Obs')).toBe('Nitruraciones del Norte O 10 Obs');
    expect(cleanOcrText('No hay incidencias')).toBe('No hay incidencias');
  });

  it('folds case and accents character for character', () => {
    expect(foldText('Duración ÁREA Nº')).toBe('duracion area no');
    expect(foldText('Duración ÁREA Nº')).toHaveLength('Duración ÁREA Nº'.length);
  });

  it('compares labels whatever their accents, case, punctuation or OCR sign', () => {
    expect(normalizeLabel('Nº  Certificado:')).toBe('no certificado');
    expect(normalizeLabel('N? certificado')).toBe('no certificado');
    expect(normalizeLabel('DURACION')).toBe(normalizeLabel('Duración'));
    expect(normalizeLabel('Ø x Espesor')).toBe('ø x espesor');
  });

  it('counts edits', () => {
    expect(levenshtein('solida', 'selida')).toBe(1);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
  });
});
