import { readSheet } from 'read-excel-file/node';
import type { DocumentText, TextLine, TextWord } from '../document-text';
import { DocumentRefused } from './document-refused';
import { decodeText } from './file-sniffer';
import type { ReadingProgress } from './reading-progress';
import { checkArchive, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './zip-archive';

export const DEFAULT_MAX_ROWS = 5_000;
export const SPREADSHEET_UNREADABLE = 'La hoja de cálculo está dañada o no se puede leer.';

export interface SpreadsheetReadOptions {
  maxRows?: number;
  onProgress?: (progress: ReadingProgress) => void;
  /** What the workbook's ZIP may declare (XLSX only); default DEFAULT_ARCHIVE_LIMITS. */
  archive?: ArchiveLimits;
}

/**
 * The first sheet of an XLSX, cells as the plant would read them (see `cellText`). Its ZIP is
 * checked first: read-excel-file inflates whatever the archive holds, a zip bomb included.
 */
export async function readXlsx(bytes: Buffer, options: SpreadsheetReadOptions = {}): Promise<DocumentText> {
  options.onProgress?.({ stage: 'spreadsheet' });
  await checkArchive(bytes, options.archive ?? DEFAULT_ARCHIVE_LIMITS);
  let rows: unknown[][];
  try {
    // parseNumber keeps the stored digits; formatting them is ours (no thousands separators, point decimal).
    rows = (await readSheet(bytes, { parseNumber: (value: string) => value })) as unknown[][];
  } catch (error) {
    throw new DocumentRefused(SPREADSHEET_UNREADABLE, { cause: error });
  }
  return tableText(
    rows.map((row) => row.map(cellText)),
    options.maxRows,
  );
}

/** A CSV in UTF-8 or latin1, separated by `;`, `,` or tab (whichever the rows agree on). */
export function readCsv(bytes: Buffer, options: SpreadsheetReadOptions = {}): DocumentText {
  options.onProgress?.({ stage: 'spreadsheet' });
  const text = decodeText(bytes);
  const separator = detectSeparator(text);
  return tableText(parseCsv(text, separator), options.maxRows);
}

/** Cell text as displayed: numbers with a point decimal and no float noise, dates dd/mm/yyyy, booleans in Spanish. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
    const hasTime = value.getUTCHours() || value.getUTCMinutes();
    return hasTime ? `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}` : date;
  }
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (typeof value === 'number') return numberText(value);
  const text = String(value);
  // Numbers arrive as the stored string (parseNumber); tidy "0.30000000000000004" and "1E-3".
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return numberText(Number(text));
  return text;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const tidy = Number(value.toPrecision(15));
  // toString gives exponents below 1e-6 and above 1e21; fixed notation reads better in a cell.
  return Math.abs(tidy) < 1e21 && (tidy === 0 || Math.abs(tidy) >= 1e-6) ? String(tidy) : tidy.toFixed(10).replace(/\.?0+$/, '');
}

function detectSeparator(text: string): string {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 50);
  let best = ';';
  let bestScore = -1;
  for (const candidate of [';', '\t', ',']) {
    const counts = lines.map((line) => parseCsv(line, candidate)[0]?.length ?? 1);
    const widest = Math.max(0, ...counts);
    if (widest < 2) continue;
    // Rows that split into the most common column count (>1): a stray comma in a text cell does not win.
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 1) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    const score = Math.max(0, ...frequency.values());
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** RFC 4180 fields: quotes around fields with separators, doubled quotes inside, CRLF/LF/CR line ends. */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The table, and the same rows as lines on page 1 so the review screen can point at a row: one
 * line per non-empty row, one word per non-empty cell (its text may contain spaces), a cell's box
 * being its row and column as fractions of the sheet. Page size is in cells (columns × rows).
 */
function tableText(rows: string[][], maxRows = DEFAULT_MAX_ROWS): DocumentText {
  if (rows.length > maxRows) throw new DocumentRefused(`La hoja tiene ${rows.length} filas; el máximo es ${maxRows}.`);
  const table = rows.map((row) => row.map((cell) => cell.trim()));
  while (table.length && table[table.length - 1].every((cell) => cell === '')) table.pop();
  const columns = Math.max(1, ...table.map((row) => row.length));
  const height = Math.max(1, table.length);
  const lines: TextLine[] = [];
  table.forEach((row, rowIndex) => {
    const words: TextWord[] = [];
    row.forEach((cell, column) => {
      if (cell === '') return;
      words.push({
        text: cell,
        box: { x: column / columns, y: rowIndex / height, width: 1 / columns, height: 1 / height },
        confidence: 1,
      });
    });
    if (words.length === 0) return;
    const first = words[0].box;
    const last = words[words.length - 1].box;
    lines.push({
      // Tabs between cells: whitespace for the extractors' regexes, and cell boundaries stay visible.
      text: words.map((word) => word.text).join('\t'),
      words,
      box: { x: first.x, y: first.y, width: last.x + last.width - first.x, height: first.height },
      confidence: 1,
    });
  });
  return { source: 'spreadsheet', pages: [{ number: 1, width: columns, height, ocr: false, lines }], table };
}
