import { DocumentRefused } from './document-refused';
import { csvFile, xlsxFile } from './sample-files';
import { cellText, parseCsv, readCsv, readXlsx } from './spreadsheet-reader';

describe('readXlsx', () => {
  it('reads the first sheet as displayed text and lays the rows out as lines', async () => {
    const bytes = await xlsxFile([
      ['Matriz', 'Copia', 'Dureza HV', 'Capa mm', 'Fecha', 'Ubicación'],
      ['4521-2', 2, 1050, 0.12, new Date(Date.UTC(2025, 2, 14)), 'Estantería Nº 3'],
      ['4522-1', 1, 0.1 + 0.2, 1234567.5, null, ''],
    ]);
    const text = await readXlsx(bytes);
    expect(text.source).toBe('spreadsheet');
    expect(text.table).toEqual([
      ['Matriz', 'Copia', 'Dureza HV', 'Capa mm', 'Fecha', 'Ubicación'],
      ['4521-2', '2', '1050', '0.12', '14/03/2025', 'Estantería Nº 3'],
      ['4522-1', '1', '0.3', '1234567.5', '', ''],
    ]);
    const [page] = text.pages;
    expect(page).toMatchObject({ number: 1, width: 6, height: 3, ocr: false });
    expect(page.lines.map((line) => line.text)).toEqual([
      'Matriz\tCopia\tDureza HV\tCapa mm\tFecha\tUbicación',
      '4521-2\t2\t1050\t0.12\t14/03/2025\tEstantería Nº 3',
      '4522-1\t1\t0.3\t1234567.5',
    ]);
    const row = page.lines[1];
    expect(row.box).toEqual({ x: 0, y: 1 / 3, width: 1, height: 1 / 3 });
    expect(row.words[4]).toEqual({ text: '14/03/2025', box: { x: 4 / 6, y: 1 / 3, width: 1 / 6, height: 1 / 3 }, confidence: 1 });
  });

  it('refuses a damaged workbook and one with too many rows', async () => {
    const bytes = await xlsxFile([['a'], ['b'], ['c']]);
    await expect(readXlsx(bytes.subarray(0, bytes.length - 40))).rejects.toBeInstanceOf(DocumentRefused);
    await expect(readXlsx(bytes, { maxRows: 2 })).rejects.toThrow('La hoja tiene 3 filas; el máximo es 2.');
  });
});

describe('readCsv', () => {
  it('detects the separator, handles quotes and latin1', () => {
    const rows = [
      ['Matriz', 'Descripción', 'Dureza'],
      ['4521-2', 'Perfil "U"; 40 mm', '1.050'],
      ['4522-1', 'Línea 1\nLínea 2', '0,12'],
    ];
    for (const separator of [';', ',', '\t'] as const) {
      for (const encoding of ['utf8', 'latin1'] as const) {
        const text = readCsv(csvFile(rows, { separator, encoding }));
        expect(text.table).toEqual(rows);
        expect(text.pages[0].lines).toHaveLength(3);
      }
    }
  });

  it('prefers the separator the rows agree on over a stray one in a text cell', () => {
    const bytes = Buffer.from('Matriz;Nota\n4521-2;Revisar, urgente\n4522-1;ok\n');
    expect(readCsv(bytes).table).toEqual([
      ['Matriz', 'Nota'],
      ['4521-2', 'Revisar, urgente'],
      ['4522-1', 'ok'],
    ]);
  });

  it('keeps empty cells in the table but leaves them out of the lines, and bounds the rows', () => {
    const text = readCsv(Buffer.from('\ufeffa;;c\r\n;;\r\nd;e;f\r\n'));
    expect(text.table).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
      ['d', 'e', 'f'],
    ]);
    expect(text.pages[0].lines.map((line) => line.text)).toEqual(['a\tc', 'd\te\tf']);
    expect(text.pages[0].lines[1].box.y).toBeCloseTo(2 / 3);
    expect(() => readCsv(Buffer.from('a;b\n'.repeat(6)), { maxRows: 5 })).toThrow(new DocumentRefused('La hoja tiene 6 filas; el máximo es 5.'));
  });

  it('parses quoted fields per RFC 4180', () => {
    expect(parseCsv('"a;b";"c""d"\r\ne;"f\r\ng"', ';')).toEqual([
      ['a;b', 'c"d'],
      ['e', 'f\r\ng'],
    ]);
  });
});

describe('cellText', () => {
  it('formats numbers with a point decimal and no float noise, dates as dd/mm/yyyy', () => {
    expect(cellText('0.30000000000000004')).toBe('0.3');
    expect(cellText('1E-3')).toBe('0.001');
    expect(cellText(1050)).toBe('1050');
    expect(cellText(new Date(Date.UTC(2025, 0, 5)))).toBe('05/01/2025');
    expect(cellText(new Date(Date.UTC(2025, 0, 5, 14, 30)))).toBe('05/01/2025 14:30');
    expect(cellText(true)).toBe('VERDADERO');
    expect(cellText(null)).toBe('');
    expect(cellText('4521-2')).toBe('4521-2');
  });
});
