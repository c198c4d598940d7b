import type { ExportSheet } from '@planta/shell-contract';
import { numberText } from '@planta/contracts';
import { currentLanguage, excelSheetNames, writeWorkbook } from '@planta/ui';

/** What an export holds: a title, the lines that say what it covers, and each widget's tables. */
export interface DashboardExport {
  title: string;
  /** e.g. 'Período: …', 'Prensa: …', 'Generado: …' */
  header: readonly string[];
  parts: readonly { title: string; sheets: readonly ExportSheet[] }[];
}

/** Excel refuses these in a sheet name, more than 31 characters (shortened at a word), and the same name twice. */
export const sheetNames = excelSheetNames;

const tablesOf = (content: DashboardExport) =>
  content.parts.flatMap((part) => part.sheets.map((sheet) => ({ title: sheet.title === part.title ? sheet.title : `${part.title} · ${sheet.title}`, sheet })));

/** The workbook: a first sheet saying what it covers, then one sheet per table. */
export async function exportToExcel(content: DashboardExport, fileName: string): Promise<void> {
  await writeWorkbook(
    [
      { name: content.title, title: content.title, columns: [], rows: content.header.map((line) => [line]), widths: [60] },
      ...tablesOf(content).map(({ title, sheet }) => ({
        name: title,
        title,
        columns: sheet.columns,
        rows: sheet.rows,
        widths: [30],
      })),
    ],
    fileName,
  );
}

// The PDF's standard font writes Windows-1252: other characters are replaced rather than failing the export.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const pdfSafe = (text: string) =>
  [...text.replace(/[≥]/g, '>=').replace(/[≤]/g, '<=').replace(/[→]/g, '->')]
    .map((char) => ((char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) <= 0xff) || WIN_ANSI_EXTRA.includes(char) ? char : '?'))
    .join('');

/** An A4 landscape PDF: the title and what it covers, then each table with its header row, across pages as needed. */
export async function exportToPdf(content: DashboardExport, fileName: string): Promise<void> {
  const bytes = await dashboardPdf(content);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function dashboardPdf(content: DashboardExport): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.setTitle(pdfSafe(content.title));
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [841.89, 595.28];
  const margin = 36;
  let page = document.addPage([width, height]);
  let y = height - margin;
  const newPageIfBelow = (space: number) => {
    if (y - space >= margin) return;
    page = document.addPage([width, height]);
    y = height - margin;
  };
  const write = (text: string, x: number, size: number, font = regular, maxWidth = width - 2 * margin) => {
    let safe = pdfSafe(text);
    while (safe.length > 1 && font.widthOfTextAtSize(safe, size) > maxWidth) safe = `${safe.slice(0, -2)}…`;
    page.drawText(safe, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };

  write(content.title, margin, 18, bold);
  y -= 24;
  for (const line of content.header) {
    write(line, margin, 10);
    y -= 14;
  }
  for (const { title, sheet } of tablesOf(content)) {
    y -= 12;
    newPageIfBelow(48);
    write(title, margin, 12, bold);
    y -= 18;
    const columnWidth = (width - 2 * margin) / Math.max(1, sheet.columns.length);
    const row = (cells: readonly (string | number | null)[], font = regular) => {
      newPageIfBelow(14);
      cells.forEach((value, index) => write(value === null ? '—' : String(value), margin + index * columnWidth, 9, font, columnWidth - 6));
      y -= 13;
    };
    row(sheet.columns, bold);
    for (const cells of sheet.rows) row(cells.map((value) => (typeof value === 'number' ? formatPdfNumber(value) : value)));
  }
  return document.save();
}

/** A number in the PDF as the screen writes it, in the user's language ('1446,8' in Spanish). */
const formatPdfNumber = (value: number) => numberText(value, currentLanguage(), 3);
