/**
 * What the portal's Excel exports write, and the one writer of their files: cells typed as Excel
 * reads them (numbers as numbers, dates as dates shown dd/mm/aaaa, not ISO text) and sheet names
 * Excel accepts, shortened at a word rather than mid-word.
 */
import { currentLanguage } from './decimal-fields';

const EXCEL_SHEET_NAME_MAX = 31;

/** A title shortened to `max` characters at a word boundary (mid-word only when one word is longer). */
function atWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const shortened = space > 0 ? cut.slice(0, space) : text.slice(0, max);
  // No trailing separator ('Paros ·', 'Paros -').
  return shortened.replace(/[\s·,;.\-–—]+$/u, '') || text.slice(0, max);
}

/**
 * Sheet names as Excel accepts them: none of []:*?/\, 31 characters at most (shortened at a
 * word), never the same name twice (case aside: 'Datos 2').
 */
export function excelSheetNames(titles: readonly string[]): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    const clean =
      title
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || 'Datos';
    let name = atWord(clean, EXCEL_SHEET_NAME_MAX);
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${atWord(clean, EXCEL_SHEET_NAME_MAX - String(n).length - 1)} ${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** One sheet name (see excelSheetNames). */
export const excelSheetName = (title: string): string => excelSheetNames([title])[0];

export type ExcelCell = { value: string | number | boolean | Date; type?: DateConstructor; format?: string } | null;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The date format of a language's cells ('dd/mm/yyyy' but in English). */
const dateFormatOf = (language: string) => (language.startsWith('en') ? 'mm/dd/yyyy' : 'dd/mm/yyyy');

/**
 * A value as a typed Excel cell: a number stays a number, an ISO day ('2026-12-01') becomes a date
 * cell shown dd/mm/aaaa, an ISO instant a date-and-time cell in the browser's clock (as the screen
 * shows it); text stays text; nothing is an empty cell.
 */
export function excelCell(value: unknown, language = 'es'): ExcelCell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { value } : null;
  if (typeof value === 'boolean') return { value };
  const dateFormat = dateFormatOf(language);
  if (value instanceof Date) return { value, type: Date, format: dateFormat };
  if (typeof value !== 'string') return { value: JSON.stringify(value) };
  const day = DATE_ONLY.exec(value);
  if (day) return { value: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), type: Date, format: dateFormat };
  if (DATE_TIME.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return { value };
    // Excel has no time zones: the cell holds the wall-clock time the screen shows.
    const wallClock = new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000);
    return { value: wallClock, type: Date, format: `${dateFormat} hh:mm` };
  }
  return { value };
}

/** A sheet of a workbook: its name, an optional bold title line, a bold header row, then its rows. */
export interface WorkbookSheet {
  /** Made valid and unique by excelSheetNames. */
  name: string;
  title?: string;
  columns: readonly string[];
  /** Plain values, written as typed cells (excelCell). */
  rows: readonly (readonly unknown[])[];
  /** Column widths in characters; where none is given, the header's length (12 at least). */
  widths?: readonly (number | undefined)[];
}

/** Writes sheets to an .xlsx file in the browser (write-excel-file, loaded when an export is asked for). */
export async function writeWorkbook(sheets: readonly WorkbookSheet[], fileName: string, language = currentLanguage()): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const names = excelSheetNames(sheets.map((sheet) => sheet.name));
  const workbook = sheets.map((sheet, index) => ({
    data: [
      ...(sheet.title ? [[bold(sheet.title)]] : []),
      ...(sheet.columns.length > 0 ? [sheet.columns.map(bold)] : []),
      ...sheet.rows.map((row) => row.map((value) => excelCell(value, language))),
    ],
    sheet: names[index],
    columns: Array.from({ length: Math.max(sheet.columns.length, sheet.widths?.length ?? 0) }, (_, index) => ({
      width: sheet.widths?.[index] ?? Math.max(12, (sheet.columns[index] ?? '').length + 2),
    })),
  }));
  await writeXlsxFile(workbook as never).toFile(`${fileName}.xlsx`);
}
