import { DOCUMENT_TYPES } from '@planta/contracts';
import { SAMPLE_DOCUMENTS, textOfLines, textOfTable } from './document-samples';

describe('SAMPLE_DOCUMENTS', () => {
  it('has a titled sample of every document type', () => {
    expect(Object.keys(SAMPLE_DOCUMENTS).sort()).toEqual([...DOCUMENT_TYPES].sort());
    for (const type of DOCUMENT_TYPES) {
      expect(SAMPLE_DOCUMENTS[type].title).not.toBe('');
      expect(SAMPLE_DOCUMENTS[type].lines.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('prints the certificate the design names (two dies, Spanish formats)', () => {
    const text = SAMPLE_DOCUMENTS.nitriding_certificate.lines.join('\n');
    for (const printed of [
      'Nitruraciones del Norte S.L.',
      'CN-2025-0457',
      '4521-2',
      'EN-1042-1',
      '1.050 HV',
      '0,12',
      'gaseoso',
      'Temperatura: 510 °C',
      'Duración: 24 h',
    ]) {
      expect(text).toContain(printed);
    }
  });

  it('keeps to characters a page font and OCR know (Latin-1 and a few signs)', () => {
    for (const type of DOCUMENT_TYPES) {
      for (const line of SAMPLE_DOCUMENTS[type].lines) expect([line, /^[\x20-\xff±€]*$/.test(line)]).toEqual([line, true]);
    }
  });
});

describe('textOfLines', () => {
  it('lays one line per text line, words with boxes inside the page', () => {
    const text = textOfLines(['Matriz: 4521-2', 'Dureza: 1.050 HV']);
    expect(text.source).toBe('pdf-text');
    expect(text.pages).toHaveLength(1);
    const [first, second] = text.pages[0].lines;
    expect(first.words.map((word) => word.text)).toEqual(['Matriz:', '4521-2']);
    expect(second.box.y).toBeGreaterThan(first.box.y);
    for (const word of [...first.words, ...second.words]) {
      expect(word.box.x).toBeGreaterThanOrEqual(0);
      expect(word.box.x + word.box.width).toBeLessThanOrEqual(1);
      expect(word.confidence).toBe(1);
    }
    // Monospace: the second word starts one space after the first.
    const [label, value] = first.words;
    expect(value.box.x - (label.box.x + label.box.width)).toBeCloseTo(label.box.width / label.text.length, 9);
  });

  it('aligns the cells of a table in columns', () => {
    const text = textOfLines(['Matriz    Dureza sup. (HV)    Capa', '4521-2    1.050 HV    0,12', 'EN-1042-1  980 HV  0,1']);
    const [header, row, other] = text.pages[0].lines;
    const startOf = (line: typeof header, word: string) => line.words.find((one) => one.text === word)?.box.x;
    expect(startOf(row, '1.050')).toBeCloseTo(startOf(header, 'Dureza') ?? -1, 9);
    expect(startOf(other, '0,1')).toBeCloseTo(startOf(header, 'Capa') ?? -1, 9);
    expect(header.text).toBe('Matriz   Dureza sup. (HV)   Capa');
  });

  it('starts a new page after linesPerPage lines, and takes a scan’s source and confidence', () => {
    const text = textOfLines(['a', 'b', 'c'], { linesPerPage: 2, source: 'ocr', confidence: 0.9 });
    expect(text.pages.map((page) => [page.number, page.lines.length, page.ocr])).toEqual([
      [1, 2, true],
      [2, 1, true],
    ]);
    expect(text.pages[1].lines[0].words[0].confidence).toBe(0.9);
  });
});

describe('textOfTable', () => {
  it('keeps the cells as the table and lays each row out as a line, empty cells keeping their column', () => {
    const text = textOfTable([
      ['Referencia', 'Copia', 'Tochos'],
      ['4521', '', '830'],
    ]);
    expect(text.source).toBe('spreadsheet');
    expect(text.table).toEqual([
      ['Referencia', 'Copia', 'Tochos'],
      ['4521', '', '830'],
    ]);
    const [header, row] = text.pages[0].lines;
    expect(row.words.map((word) => word.text)).toEqual(['4521', '830']);
    expect(row.words[1].box.x).toBeCloseTo(header.words[2].box.x, 9);
  });
});
