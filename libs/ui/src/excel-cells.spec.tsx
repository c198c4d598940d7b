import { excelCell, excelSheetNames } from './excel-cells';

describe('excelSheetNames', () => {
  it.each<[string[], string[]]>([
    [['OEE: prensas/turno'], ['OEE prensas turno']],
    [['Un título de hoja que es demasiado largo para Excel'], ['Un título de hoja que es']],
    [['Mantenimiento · Órdenes vencidas por máquina'], ['Mantenimiento · Órdenes']],
    [['Supercalifragilisticoespialidosoextra'], ['Supercalifragilisticoespialidos']],
    [
      ['Datos', 'datos', ''],
      ['Datos', 'datos 2', 'Datos 3'],
    ],
    [
      ['Paradas no planificadas por causa y prensa', 'Paradas no planificadas por causa y turno'],
      ['Paradas no planificadas por', 'Paradas no planificadas por 2'],
    ],
  ])('names %p as %p', (titles, names) => {
    const written = excelSheetNames(titles);
    expect(written).toEqual(names);
    for (const name of written) expect(name.length).toBeLessThanOrEqual(31);
  });
});

describe('excelCell', () => {
  it.each<[unknown, unknown]>([
    [1500.5, { value: 1500.5 }],
    [0, { value: 0 }],
    ['2026-12-01', { value: new Date(Date.UTC(2026, 11, 1)), type: Date, format: 'dd/mm/yyyy' }],
    ['Prensa 2', { value: 'Prensa 2' }],
    ['12,5', { value: '12,5' }],
    [true, { value: true }],
    [null, null],
    ['', null],
    [Number.NaN, null],
  ])('types %p as %p', (value, cell) => {
    expect(excelCell(value)).toEqual(cell);
  });

  it('writes an instant as the date and time the screen shows, typed as a date', () => {
    const cell = excelCell('2026-03-14T09:30:00.000Z');
    const instant = new Date('2026-03-14T09:30:00.000Z');
    expect(cell).toEqual({ value: new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000), type: Date, format: 'dd/mm/yyyy hh:mm' });
  });

  it('uses the English day order in English', () => {
    expect(excelCell('2026-12-01', 'en')).toMatchObject({ format: 'mm/dd/yyyy' });
  });
});
