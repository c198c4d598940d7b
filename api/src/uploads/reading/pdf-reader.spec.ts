import { PDFDocument, PDFHexString } from 'pdf-lib';
import { DocumentRefused } from './document-refused';
import { canvasModule } from './native-modules';
import { PDF_UNREADABLE, readPdf, renderPage } from './pdf-reader';
import { SAMPLE_CERTIFICATE_LINES, scannedPdf, textPdf } from './sample-files';

/** Unhandled rejections from pdf.js would only show up as a crash later: collect them here instead. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => process.on('unhandledRejection', onUnhandled));

/** Refused with exactly this message (jest's toThrow(error) would also compare the cause). */
async function expectRefused(attempt: Promise<unknown>, message: string): Promise<void> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentRefused);
  expect((error as Error).message).toBe(message);
}
afterAll(() => process.off('unhandledRejection', onUnhandled));

describe('readPdf (text layer)', () => {
  it('reads every line back with its words and boxes in page fractions', async () => {
    const bytes = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const started = Date.now();
    const { text, pageCount } = await readPdf(bytes);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5000);
    expect(pageCount).toBe(1);
    expect(text.source).toBe('pdf-text');
    const [page] = text.pages;
    expect(page).toMatchObject({ number: 1, ocr: false });
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.height).toBeCloseTo(841.89, 1);
    // pdf.js collapses the double spaces of the last line; words are what matters.
    expect(page.lines.map((line) => line.text)).toEqual(SAMPLE_CERTIFICATE_LINES.map((line) => line.replace(/\s+/g, ' ')));

    const [title, number] = page.lines;
    expect(title.words.map((word) => word.text)).toEqual(['CERTIFICADO', 'DE', 'NITRURADO']);
    // Drawn at x = 56 pt, first baseline 80 pt from the top, 12 pt type, lines 19.2 pt apart.
    expect(title.box.x).toBeCloseTo(56 / 595.28, 3);
    expect(title.box.y).toBeGreaterThan(60 / 841.89);
    expect(title.box.y + title.box.height).toBeCloseTo(83 / 841.89, 2);
    expect(title.box.height * 841.89).toBeGreaterThan(9);
    expect(title.box.height * 841.89).toBeLessThan(16);
    expect(number.box.y - title.box.y).toBeCloseTo(19.2 / 841.89, 3);
    // Words follow each other left to right inside the line's box.
    const code = number.words.find((word) => word.text === 'CN-2025-0457')!;
    expect(code).toBeDefined();
    expect(code.box.x).toBeGreaterThan(number.words[1].box.x + number.words[1].box.width - 1e-9);
    expect(code.box.x + code.box.width).toBeCloseTo(number.box.x + number.box.width, 6);
    for (const line of page.lines) {
      for (const word of line.words) {
        expect(word.confidence).toBe(1);
        for (const value of [word.box.x, word.box.y, word.box.x + word.box.width, word.box.y + word.box.height]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('treats a page with almost no text as a scan (no lines without an OCR engine)', async () => {
    const { text } = await readPdf(await scannedPdf(['Matriz 4521-2'], { dpi: 72 }));
    expect(text.pages[0].lines).toEqual([]);
    expect(text.source).toBe('pdf-text');
  });
});

describe('readPdf limits', () => {
  it('refuses a PDF with more pages than allowed, in Spanish', async () => {
    const pages = Array.from({ length: 11 }, (_, index) => [`Página ${index + 1}`]);
    const bytes = await textPdf([], { pages });
    await expectRefused(readPdf(bytes, { maxPages: 10 }), 'El documento tiene 11 páginas; el máximo es 10.');
    await expect(readPdf(bytes, { maxPages: 11 })).resolves.toMatchObject({ pageCount: 11 });
  });

  it('refuses truncated, damaged and fake PDFs without crashing or leaving rejections behind', async () => {
    const good = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const damaged = [good.subarray(0, 200), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]), Buffer.from('%PDF-')];
    for (const bytes of damaged) await expectRefused(readPdf(bytes), PDF_UNREADABLE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    // And the reader still works afterwards.
    await expect(readPdf(good)).resolves.toMatchObject({ pageCount: 1 });
  });

  it('refuses an encrypted PDF that needs a password', async () => {
    // pdf-lib cannot encrypt: an /Encrypt dictionary pdf.js cannot open with an empty password is enough.
    const doc = await PDFDocument.load(await textPdf(['Confidencial']));
    const hex = (byte: string) => PDFHexString.of(byte.repeat(32));
    const encrypt = doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 });
    encrypt.set(doc.context.obj('O') as never, hex('ab'));
    encrypt.set(doc.context.obj('U') as never, hex('cd'));
    doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
    doc.context.trailerInfo.ID = doc.context.obj([hex('01'), hex('01')]);
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    const error = await readPdf(bytes).catch((reason: Error) => reason);
    expect(error).toBeInstanceOf(DocumentRefused);
    expect((error as Error).message).toBe(PDF_UNREADABLE);
    expect(((error as Error).cause as Error).name).toBe('PasswordException');
  });
});

describe('renderPage', () => {
  it('renders a page as PNG at 1.5 × 72 dpi, bounded in width, with the text drawn', async () => {
    const bytes = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const started = Date.now();
    const png = await renderPage(bytes, 1);
    expect(Date.now() - started).toBeLessThan(5000);
    const image = await canvasModule().loadImage(png);
    expect([image.width, image.height]).toEqual([Math.round(595.28 * 1.5), Math.round(841.89 * 1.5)]);
    const narrow = await canvasModule().loadImage(await renderPage(bytes, 1, 4, 800));
    expect(narrow.width).toBe(800);
    // Dark pixels where the first line is (x 56..300 pt, baseline 80 pt), white elsewhere.
    const canvas = canvasModule().createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const dark = (x: number, y: number, w: number, h: number) => {
      const data = context.getImageData(x, y, w, h).data;
      let count = 0;
      for (let index = 0; index < data.length; index += 4) if (data[index] < 128) count++;
      return count;
    };
    expect(dark(56 * 1.5, 70 * 1.5, 240 * 1.5, 12 * 1.5)).toBeGreaterThan(200);
    expect(dark(56 * 1.5, 400 * 1.5, 240 * 1.5, 12 * 1.5)).toBe(0);
  });

  it('refuses a page that does not exist and a damaged file', async () => {
    const bytes = await textPdf(['Una página']);
    await expectRefused(renderPage(bytes, 2), 'El documento no tiene la página 2.');
    await expectRefused(renderPage(bytes.subarray(0, 100), 1), PDF_UNREADABLE);
  });
});
