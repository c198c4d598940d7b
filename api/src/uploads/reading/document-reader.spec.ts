import type { DocumentText } from '../document-text';
import { DocumentRefused, progressLabel, readDocument, UNSUPPORTED_TYPE, type ReadingProgress } from './document-reader';
import { canvasModule } from './native-modules';
import { OcrEngine } from './ocr-engine';
import { csvFile, jpegImage, pngImage, SAMPLE_CERTIFICATE_LINES, scannedPdf, textPdf, tiffImage, xlsxFile } from './sample-files';

// OCR tests take a second or two each on two cores; the limit is for a loaded CI machine.
jest.setTimeout(120_000);

// English data (in npm) so the test reads the same on every machine; Spanish only adds accents.
const ocr = new OcrEngine({ language: 'eng' });
afterAll(() => ocr.close());

const CODES = ['CN-2025-0457', '14/03/2025', '4521-2', '1.050', '0,12'];

function allText(text: DocumentText): string {
  return text.pages.flatMap((page) => page.lines.map((line) => line.text)).join('\n');
}

/** Case-, accent- and spacing-insensitive, for words OCR may read as "Ne" for "Nº" or without accents. */
function loose(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

function expectCertificate(text: DocumentText): void {
  const read = allText(text);
  const words = read.split(/\s+/);
  for (const code of CODES) expect(words).toContain(code);
  for (const word of SAMPLE_CERTIFICATE_LINES.join(' ').split(/\s+/)) {
    if (/^[\p{L}.:]{3,}$/u.test(word)) expect(loose(read)).toContain(loose(word));
  }
}

describe('readDocument', () => {
  it('reads a text PDF from its text layer, in milliseconds, without OCR', async () => {
    const progress: ReadingProgress[] = [];
    const started = Date.now();
    const result = await readDocument(await textPdf(SAMPLE_CERTIFICATE_LINES), { ocr, onProgress: (p) => progress.push(p) });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', pageCount: 1 });
    expect(result.text.source).toBe('pdf-text');
    expectCertificate(result.text);
    expect(progress).toEqual([{ stage: 'pdf' }]);
    const image = await result.pageImage!(1);
    expect(image?.contentType).toBe('image/png');
    expect((await canvasModule().loadImage(image!.data)).width).toBe(893);
  });

  it('reads a scanned PDF through OCR: codes and numbers exactly, words loosely', async () => {
    const progress: ReadingProgress[] = [];
    const result = await readDocument(await scannedPdf(SAMPLE_CERTIFICATE_LINES), { ocr, onProgress: (p) => progress.push(p) });
    expect(result.text.source).toBe('ocr');
    expect(result.text.pages[0]).toMatchObject({ number: 1, ocr: true });
    expect(result.text.pages[0].width).toBeCloseTo(595.28, 1);
    expectCertificate(result.text);
    // Boxes of a scan land where the text layer would put them (first line 56 pt from the left, baseline 80 pt).
    const [title] = result.text.pages[0].lines;
    expect(title.text).toBe('CERTIFICADO DE NITRURADO');
    expect(title.box.x).toBeCloseTo(56 / 595.28, 2);
    expect(title.box.y + title.box.height).toBeCloseTo(80 / 841.89, 2);
    expect(title.confidence).toBeGreaterThan(0.8);
    expect(progress[0]).toEqual({ stage: 'pdf' });
    expect(progress.filter((p) => p.stage === 'ocr').length).toBeGreaterThan(1);
  });

  it('reports OCR progress page by page for a 3-page scan', async () => {
    const pages = [
      ['Página 1', 'Matriz 4521-2'],
      ['Página 2', 'Matriz 4522-1'],
      ['Página 3', 'Matriz 4523-3'],
    ];
    const progress: ReadingProgress[] = [];
    const result = await readDocument(await scannedPdf([], { pages, dpi: 150 }), { ocr, onProgress: (p) => progress.push(p) });
    expect(result.pageCount).toBe(3);
    expect(result.text.pages.map((page) => page.lines.at(-1)?.text)).toEqual(['Matriz 4521-2', 'Matriz 4522-1', 'Matriz 4523-3']);
    const labels = progress.map(progressLabel);
    expect(labels[0]).toBe('Leyendo PDF');
    for (const page of [1, 2, 3]) {
      expect(labels).toContain(`OCR página ${page}/3 · 0 %`);
      expect(labels).toContain(`OCR página ${page}/3 · 100 %`);
    }
    // Pages in order: the last event of page 1 comes before the first of page 2.
    const ocrPages = progress.flatMap((p) => (p.stage === 'ocr' ? [p.page] : []));
    expect(ocrPages).toEqual([...ocrPages].sort());
  });

  it('refuses an 11-page PDF when at most 10 are allowed', async () => {
    const pages = Array.from({ length: 11 }, (_, index) => [`Página ${index + 1}`]);
    const error = await readDocument(await textPdf([], { pages }), { ocr, maxPages: 10 }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(DocumentRefused);
    expect((error as Error).message).toBe('El documento tiene 11 páginas; el máximo es 10.');
  });

  it('refuses a truncated PDF and what is not a document', async () => {
    const pdf = await textPdf(SAMPLE_CERTIFICATE_LINES);
    await expect(readDocument(pdf.subarray(0, 300), { ocr })).rejects.toThrow('El PDF está dañado o no se puede leer.');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    await expect(readDocument(exe, { ocr })).rejects.toThrow(UNSUPPORTED_TYPE);
  });

  it('reads PNG, JPEG and TIFF images through OCR, with a page image for each', async () => {
    const lines = ['Matriz 4521-2', 'Dureza 1.050 HV'];
    for (const [kind, bytes] of [
      ['png', await pngImage(lines, { dpi: 150 })],
      ['jpeg', await jpegImage(lines, { dpi: 150 })],
      ['tiff', await tiffImage(lines, { dpi: 150 })],
    ] as const) {
      const result = await readDocument(bytes, { ocr });
      expect(result.kind).toBe(kind);
      expect(result.text.pages[0]).toMatchObject({ width: 1240, height: 1754, ocr: true });
      expect(allText(result.text)).toBe('Matriz 4521-2\nDureza 1.050 HV');
      const image = await result.pageImage!(1);
      // PNG and JPEG go to the review screen as uploaded; a TIFF as tesseract's PNG of it.
      expect(image?.contentType).toBe(kind === 'jpeg' ? 'image/jpeg' : 'image/png');
      if (kind !== 'tiff') expect(image?.data).toBe(bytes);
      else expect((await canvasModule().loadImage(image!.data)).width).toBe(1240);
      expect(await result.pageImage!(2)).toBeNull();
    }
  });

  it('refuses an image over the pixel limit before decoding it', async () => {
    const png = await pngImage(['x'], { dpi: 20 });
    png.writeUInt32BE(10_000, 16); // IHDR width
    png.writeUInt32BE(5_000, 20); // IHDR height: 50 megapixels
    await expect(readDocument(png, { ocr })).rejects.toThrow('La imagen es demasiado grande (50 megapíxeles); el máximo es 40.');
  });

  it('reads XLSX and CSV into a table', async () => {
    const rows = [
      ['Matriz', 'Dureza'],
      ['4521-2', 1050],
    ];
    const progress: ReadingProgress[] = [];
    const xlsx = await readDocument(await xlsxFile(rows), { ocr, onProgress: (p) => progress.push(p) });
    expect(xlsx).toMatchObject({ kind: 'xlsx', pageCount: 1 });
    expect(xlsx.text.table).toEqual([
      ['Matriz', 'Dureza'],
      ['4521-2', '1050'],
    ]);
    expect(xlsx.pageImage).toBeUndefined();
    expect(progress.map(progressLabel)).toEqual(['Leyendo hoja de cálculo']);
    const csv = await readDocument(csvFile(rows), { ocr });
    expect(csv).toMatchObject({ kind: 'csv', contentType: 'text/csv' });
    expect(csv.text.table).toEqual(xlsx.text.table);
  });
});

describe('progressLabel', () => {
  it('says what is happening in Spanish', () => {
    expect(progressLabel({ stage: 'pdf' })).toBe('Leyendo PDF');
    expect(progressLabel({ stage: 'image' })).toBe('Leyendo imagen');
    expect(progressLabel({ stage: 'ocr', page: 2, pages: 3, progress: 0.6 })).toBe('OCR página 2/3 · 60 %');
  });
});
