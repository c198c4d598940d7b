import { formatDieReference, matchDieReference, parseDieReference } from './die-reference';

describe('parseDieReference', () => {
  it.each([
    ['4521-2', { reference: '4521', copy: 2 }],
    ['4521/2', { reference: '4521', copy: 2 }],
    ['4521 - 2', { reference: '4521', copy: 2 }],
    ['EN-1042-1', { reference: 'EN-1042', copy: 1 }],
    ['Matriz 4521 copia 2', { reference: '4521', copy: 2 }],
    ['Matriz: 4521, copia 2', { reference: '4521', copy: 2 }],
    ['Ref. 4521 c/2', { reference: '4521', copy: 2 }],
    ['1042-12', { reference: '1042', copy: 12 }],
    ['en-1042-1', { reference: 'EN-1042', copy: 1 }],
  ])('reads %s', (text, die) => {
    expect(parseDieReference(text)).toEqual(die);
  });

  it('reads a reference without a copy as copy null', () => {
    expect(parseDieReference('Matriz 4521')).toEqual({ reference: '4521', copy: null });
    expect(parseDieReference('EN-1042')).toEqual({ reference: 'EN-1042', copy: null });
  });

  it('reads a copy misread as a letter, and says so', () => {
    expect(matchDieReference('4521-Z')).toMatchObject({ reference: '4521', copy: 2, corrected: true });
    expect(matchDieReference('4521-2')).toMatchObject({ corrected: false });
  });

  it.each(['', 'Matriz', 'copia 2', '12/03/2025', '4521-2 y más', 'ABC'])('refuses %p', (text) => {
    expect(parseDieReference(text)).toBeNull();
  });

  it('says where the reference is printed', () => {
    expect(matchDieReference('Matriz: 4521-2  1.050 HV')).toMatchObject({ index: 8, length: 6 });
  });

  it('writes the catalogue form', () => {
    expect(formatDieReference({ reference: '4521', copy: 2 })).toBe('4521-2');
    expect(formatDieReference({ reference: '4521', copy: null })).toBe('4521');
  });
});
