import { matchDie, normaliseReference, ocrEditDistance, type CatalogueDie } from './die-matcher';

const CATALOGUE: CatalogueDie[] = [
  { id: 1, reference: '4521', copy_number: 1 },
  { id: 2, reference: '4521', copy_number: 2 },
  { id: 3, reference: '4527', copy_number: 2 },
  { id: 4, reference: '4521', copy_number: 12 },
  { id: 5, reference: 'EN-1042', copy_number: 1 },
  { id: 6, reference: '8521', copy_number: 2 },
];

describe('matchDie', () => {
  it('scores an exact match 1 and puts it first', () => {
    const [first] = matchDie('4521-2', CATALOGUE);
    expect(first).toMatchObject({ id: 2, label: '4521-2', score: 1 });
  });

  it('proposes 4521-2 first for a read 4521-Z, below 1 and above any other', () => {
    const candidates = matchDie('4521-Z', CATALOGUE);
    expect(candidates).toHaveLength(3);
    expect(candidates[0].label).toBe('4521-2');
    expect(candidates[0].score).toBeLessThan(1);
    expect(candidates[0].score).toBeGreaterThan(0.9);
    expect(candidates[1].score).toBeLessThan(candidates[0].score);
  });

  it.each([
    ['EN-1O42-1', 'EN-1042-1'],
    ['EN-IO42-l', 'EN-1042-1'],
    ['4S21/2', '4521-2'],
    ['B521-2', '8521-2'],
    ['Matriz 4521 copia 2', '4521-2'],
    ['4521 / 12', '4521-12'],
  ])('matches %s to %s', (read, label) => {
    expect(matchDie(read, CATALOGUE)[0].label).toBe(label);
  });

  it('scores separators written differently as exact', () => {
    expect(matchDie('4521/2', CATALOGUE)[0].score).toBe(1);
  });

  it('ranks every copy of a reference read without its copy', () => {
    const labels = matchDie('4521', CATALOGUE).map((candidate) => candidate.label);
    expect(labels).toEqual(['4521-1', '4521-2', '4521-12']);
  });

  it('gives at most `limit` candidates, and none for an empty read', () => {
    expect(matchDie('4521-2', CATALOGUE, 1)).toHaveLength(1);
    expect(matchDie('  ', CATALOGUE)).toEqual([]);
  });
});

describe('ocrEditDistance', () => {
  it('makes OCR confusions cheaper than other substitutions', () => {
    expect(ocrEditDistance('4521-Z', '4521-2')).toBeLessThan(ocrEditDistance('4521-Z', '4521-3'));
    expect(ocrEditDistance('45O1', '4501')).toBeLessThan(1);
    expect(ocrEditDistance('4521', '4521')).toBe(0);
  });

  it('normalises copy words and separators', () => {
    expect(normaliseReference('Matriz 4521 copia 2')).toBe('4521-2');
    expect(normaliseReference('4521 / 2')).toBe('4521-2');
  });
});
