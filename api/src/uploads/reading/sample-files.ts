import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import writeXlsxFile from 'write-excel-file/node';
import { canvasModule, sansFont } from './native-modules';

/**
 * Small documents made from lines of text, for API tests, the benchmark and the demo seed: no
 * binary fixtures in the repository, and the same lines can be a text PDF, a scan or an image.
 */

/** A nitriding certificate as the tests, the benchmark and the demo use it. */
export const SAMPLE_CERTIFICATE_LINES = [
  'CERTIFICADO DE NITRURADO',
  'Nº certificado: CN-2025-0457',
  'Proveedor: Nitruraciones del Norte S.L.',
  'Fecha salida: 14/03/2025',
  'Matriz 4521-2  Dureza 1.050 HV  Capa 0,12 mm',
];

const A4_POINTS = { width: 595.28, height: 841.89 };
const MARGIN_LEFT_POINTS = 56;
const FIRST_BASELINE_POINTS = 80;

export interface SampleOptions {
  /** Points (1/72 in); default 12. */
  fontSize?: number;
  /** Several pages; each is its own list of lines (then `lines` is ignored). */
  pages?: string[][];
}

/**
 * Where each piece of a line starts, in points: a line with tabs is a table row whose cells start
 * at even column stops across the page (so a header and its rows line up, as in a printed table).
 */
export function lineCells(line: string): { text: string; x: number }[] {
  const cells = line.split('\t');
  const width = (A4_POINTS.width - 2 * MARGIN_LEFT_POINTS) / cells.length;
  return cells.map((text, index) => ({ text, x: MARGIN_LEFT_POINTS + index * width }));
}

export interface ScanOptions extends SampleOptions {
  /** Resolution of the drawn page; default 200 (a typical office scanner setting). */
  dpi?: number;
}

/** A text-layer PDF (A4, Helvetica), one page per entry of `pages` (default: just `lines`). */
export async function textPdf(lines: string[], options: SampleOptions = {}): Promise<Buffer> {
  const fontSize = options.fontSize ?? 12;
  // No dates in the metadata: the same lines make the same bytes (one stored file, one upload).
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const pageLines of options.pages ?? [lines]) {
    const page = doc.addPage([A4_POINTS.width, A4_POINTS.height]);
    pageLines.forEach((line, index) => {
      for (const cell of lineCells(line))
        page.drawText(winAnsiSafe(cell.text, font), {
          x: cell.x,
          y: A4_POINTS.height - FIRST_BASELINE_POINTS - index * fontSize * 1.6,
          size: fontSize,
          font,
        });
    });
  }
  return Buffer.from(await doc.save());
}

/** An image-only PDF: each page is a PNG of its lines drawn black on white, like a scanner makes. */
export async function scannedPdf(lines: string[], options: ScanOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const pageLines of options.pages ?? [lines]) {
    const png = await drawPage(pageLines, options);
    const image = await doc.embedPng(png);
    const page = doc.addPage([A4_POINTS.width, A4_POINTS.height]);
    page.drawImage(image, { x: 0, y: 0, width: A4_POINTS.width, height: A4_POINTS.height });
  }
  return Buffer.from(await doc.save());
}

/** A PNG of an A4 page with the lines (a photo or scan saved as an image). */
export function pngImage(lines: string[], options: ScanOptions = {}): Promise<Buffer> {
  return drawPage(lines, options);
}

/** The same page as a JPEG. */
export function jpegImage(lines: string[], options: ScanOptions = {}): Promise<Buffer> {
  return drawPage(lines, options, 'jpeg');
}

/**
 * The same page as a baseline TIFF (8-bit grey, uncompressed, little-endian). Written by hand:
 * none of the installed packages encodes TIFF.
 */
export async function tiffImage(lines: string[], options: ScanOptions = {}): Promise<Buffer> {
  const { width, height, grey } = await drawPagePixels(lines, options);
  const entries: [tag: number, type: 3 | 4, value: number][] = [
    [256, 3, width], // ImageWidth
    [257, 3, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets (filled below)
    [277, 3, 1], // SamplesPerPixel
    [278, 3, height], // RowsPerStrip
    [279, 4, width * height], // StripByteCounts
  ];
  const dataOffset = 8 + 2 + entries.length * 12 + 4;
  const tiff = Buffer.alloc(dataOffset + grey.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], index) => {
    const offset = 10 + index * 12;
    tiff.writeUInt16LE(tag, offset);
    tiff.writeUInt16LE(type, offset + 2);
    tiff.writeUInt32LE(1, offset + 4);
    const stored = tag === 273 ? dataOffset : value;
    if (type === 3) tiff.writeUInt16LE(stored, offset + 8);
    else tiff.writeUInt32LE(stored, offset + 8);
  });
  tiff.writeUInt32LE(0, 10 + entries.length * 12);
  Buffer.from(grey.buffer, grey.byteOffset, grey.length).copy(tiff, dataOffset);
  return tiff;
}

/** An XLSX workbook with one sheet; dates are written with the dd/mm/yyyy format. */
export function xlsxFile(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  return writeXlsxFile(rows, { dateFormat: 'dd/mm/yyyy' }).toBuffer();
}

export interface CsvOptions {
  /** Default `;` (what a Spanish Excel writes). */
  separator?: ';' | ',' | '\t';
  encoding?: 'utf8' | 'latin1';
}

/** A CSV; fields with the separator, quotes or line breaks are quoted. */
export function csvFile(rows: (string | number)[][], options: CsvOptions = {}): Buffer {
  const separator = options.separator ?? ';';
  const text = rows
    .map((row) =>
      row
        .map((cell) => {
          const value = String(cell);
          return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
        })
        .join(separator),
    )
    .join('\r\n');
  return Buffer.from(`${text}\r\n`, options.encoding ?? 'utf8');
}

/** Helvetica in a PDF only has WinAnsi glyphs: keep those, drop accents from others, else '?'. */
export function winAnsiSafe(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text)
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      return Array.from(plain).every((c) => supported.has(c.codePointAt(0)!)) && plain ? plain : '?';
    })
    .join('');
}

async function drawPage(lines: string[], options: ScanOptions, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const canvas = drawCanvas(lines, options);
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 90);
}

async function drawPagePixels(lines: string[], options: ScanOptions) {
  const canvas = drawCanvas(lines, options);
  const rgba = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = new Uint8Array(canvas.width * canvas.height);
  for (let index = 0; index < grey.length; index++) grey[index] = rgba[index * 4];
  return { width: canvas.width, height: canvas.height, grey };
}

function drawCanvas(lines: string[], options: ScanOptions) {
  const dpi = options.dpi ?? 200;
  const scale = dpi / 72;
  const fontSize = options.fontSize ?? 12;
  const canvas = canvasModule().createCanvas(Math.round(A4_POINTS.width * scale), Math.round(A4_POINTS.height * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = `${Math.round(fontSize * scale)}px ${sansFont()}`;
  lines.forEach((line, index) => {
    for (const cell of lineCells(line)) context.fillText(cell.text, cell.x * scale, (FIRST_BASELINE_POINTS + index * fontSize * 1.6) * scale);
  });
  return canvas;
}
