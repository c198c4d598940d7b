import type * as Unpdf from 'unpdf';
import { unionBox, type DocumentPage, type DocumentText, type TextLine, type TextWord } from '../document-text';
import { DocumentRefused } from './document-refused';
import { canvasModule, loadUnpdf, packageDir, sansFont } from './native-modules';
import type { OcrEngine } from './ocr-engine';
import type { ReadingProgress } from './reading-progress';

type PdfDocument = Awaited<ReturnType<typeof Unpdf.getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type PdfViewport = ReturnType<PdfPage['getViewport']>;
type PdfTextContent = Awaited<ReturnType<PdfPage['getTextContent']>>;

export const PDF_UNREADABLE = 'El PDF está dañado o no se puede leer.';
export const DEFAULT_MAX_PAGES = 10;
/** Fewer visible characters than this on a page: it is a scan (a stray page number is not a text layer). */
export const SCAN_TEXT_THRESHOLD = 8;
/** 300 dpi is what tesseract is trained for; the bounds keep a poster-sized page from eating the memory. */
const OCR_DPI = 300;
const OCR_MAX_SIDE_PX = 4200;
const OCR_MAX_PIXELS = 16_000_000;

export function tooManyPagesMessage(pages: number, maxPages: number): string {
  return `El documento tiene ${pages} páginas; el máximo es ${maxPages}.`;
}

export interface PdfReadOptions {
  maxPages?: number;
  /** Needed only when a page is a scan; without it such pages come back with no lines. */
  ocr?: OcrEngine;
  onProgress?: (progress: ReadingProgress) => void;
}

export interface PdfReadResult {
  text: DocumentText;
  pageCount: number;
}

/** Text with positions from every page: the text layer when there is one, OCR of the rendered page when not. */
export async function readPdf(bytes: Buffer, options: PdfReadOptions = {}): Promise<PdfReadResult> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  options.onProgress?.({ stage: 'pdf' });
  return withPdf(bytes, async (pdf) => {
    if (pdf.numPages > maxPages) throw new DocumentRefused(tooManyPagesMessage(pdf.numPages, maxPages));
    const pages: DocumentPage[] = [];
    const scans: { page: PdfPage; index: number }[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const lines = textLayerLines(content, viewport);
      const visible = lines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);
      pages.push({ number, width: viewport.width, height: viewport.height, ocr: false, lines });
      if (visible < SCAN_TEXT_THRESHOLD) scans.push({ page, index: number - 1 });
    }
    if (options.ocr) {
      for (const [position, scan] of scans.entries()) {
        const image = await renderForOcr(scan.page);
        const result = await options.ocr.recognize({
          image: image.pgm,
          width: image.width,
          height: image.height,
          page: position + 1,
          pages: scans.length,
          onProgress: options.onProgress,
        });
        pages[scan.index] = { ...pages[scan.index], ocr: true, lines: result.lines };
      }
    }
    const source = pages.some((page) => page.ocr) ? 'ocr' : 'pdf-text';
    return { text: { source, pages }, pageCount: pdf.numPages };
  });
}

/** How many pages, without reading them (refused like readPdf when the file is damaged). */
export function pdfPageCount(bytes: Buffer): Promise<number> {
  return withPdf(bytes, async (pdf) => pdf.numPages);
}

/**
 * A page as PNG for the review screen: `scale` × 72 dpi (1.5 → 108 dpi), but never wider than
 * `maxWidth` or taller than twice that (a long drawing stays a sensible image).
 */
export async function renderPage(bytes: Buffer, pageNumber: number, scale = 1.5, maxWidth = 1600): Promise<Buffer> {
  return withPdf(bytes, async (pdf) => {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pdf.numPages) {
      throw new DocumentRefused(`El documento no tiene la página ${pageNumber}.`);
    }
    const page = await pdf.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const bounded = Math.min(scale, maxWidth / base.width, (2 * maxWidth) / base.height);
    const canvas = await renderToCanvas(page, bounded);
    return canvas.encode('png');
  });
}

async function withPdf<T>(bytes: Buffer, work: (pdf: PdfDocument) => Promise<T>): Promise<T> {
  const pdf = await openPdf(bytes);
  try {
    return await work(pdf);
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    throw new DocumentRefused(PDF_UNREADABLE, { cause: error });
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function openPdf(bytes: Buffer): Promise<PdfDocument> {
  const unpdf = await loadUnpdf();
  const canvas = canvasModule();
  const CanvasFactory = await unpdf.createIsomorphicCanvasFactory(() => Promise.resolve(canvas));
  try {
    return await unpdf.getDocumentProxy(new Uint8Array(bytes), {
      // Never run JavaScript from a PDF (fonts are parsed without eval as well).
      isEvalSupported: false,
      enableXfa: false,
      // Helvetica & co. from pdf.js's own font files (in pdfjs-dist), not whatever the machine has.
      useSystemFonts: false,
      disableFontFace: true,
      standardFontDataUrl: `${packageDir('pdfjs-dist', 'standard_fonts')}/`,
      CanvasFactory,
      // An empty password: an encrypted PDF that needs one is refused instead of waiting for input.
      password: '',
      verbosity: 0,
    } as Parameters<typeof unpdf.getDocumentProxy>[1]);
  } catch (error) {
    throw new DocumentRefused(PDF_UNREADABLE, { cause: error });
  }
}

async function renderToCanvas(page: PdfPage, scale: number) {
  const viewport = page.getViewport({ scale });
  const canvas = canvasModule().createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<PdfPage['render']>[0]).promise;
  return canvas;
}

/**
 * The page at about 300 dpi as 8-bit grey PGM: tesseract reads it directly, it skips the PNG
 * encode (a few hundred ms at this size) and the grey conversion tesseract would do anyway.
 */
async function renderForOcr(page: PdfPage): Promise<{ pgm: Buffer; width: number; height: number }> {
  const base = page.getViewport({ scale: 1 });
  let scale = OCR_DPI / 72;
  scale = Math.min(scale, OCR_MAX_SIDE_PX / Math.max(base.width, base.height));
  scale = Math.min(scale, Math.sqrt(OCR_MAX_PIXELS / (base.width * base.height)));
  const canvas = await renderToCanvas(page, scale);
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pgm = Buffer.alloc(header.length + width * height);
  header.copy(pgm);
  for (let pixel = 0, offset = header.length; pixel < width * height; pixel++, offset++) {
    const at = pixel * 4;
    // Rec. 601 luma, in integers.
    pgm[offset] = (rgba[at] * 77 + rgba[at + 1] * 150 + rgba[at + 2] * 29) >> 8;
  }
  return { pgm, width, height };
}

interface Segment {
  words: TextWord[];
  baseline: number;
  left: number;
  right: number;
  fontHeight: number;
  startsWithSpace: boolean;
  endsWithSpace: boolean;
}

/** pdf.js text items → lines (shared baseline) of words (split at spaces), boxes as page fractions. */
let measure: ((text: string) => number) | null | undefined;
/** The width of a text in a Helvetica-metric sans (Liberation Sans); by character count where no canvas is available. */
function textWidth(text: string): number {
  if (measure === undefined) {
    try {
      const context = canvasModule().createCanvas(8, 8).getContext('2d');
      context.font = `100px ${sansFont()}`;
      measure = (part) => context.measureText(part).width;
    } catch {
      measure = null;
    }
  }
  return measure ? measure(text) : text.length;
}

export function textLayerLines(content: PdfTextContent, viewport: PdfViewport): TextLine[] {
  const segments: Segment[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [, , c, d, e, f] = item.transform as number[];
    const fontHeight = item.height || Math.hypot(c, d) || 1;
    const style = content.styles[item.fontName] as { ascent?: number; descent?: number } | undefined;
    const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 ? style.descent : ascent - 1;
    const toBox = (from: number, to: number) => {
      // Corners in PDF space (bottom-left origin) → viewport (top-left origin, page rotation applied).
      const [x1, y1] = viewport.convertToViewportPoint(e + from, f + descent * fontHeight);
      const [x2, y2] = viewport.convertToViewportPoint(e + to, f + ascent * fontHeight);
      const left = clamp01(Math.min(x1, x2) / viewport.width);
      const top = clamp01(Math.min(y1, y2) / viewport.height);
      return {
        x: left,
        y: top,
        width: clamp01(Math.max(x1, x2) / viewport.width) - left,
        height: clamp01(Math.max(y1, y2) / viewport.height) - top,
      };
    };
    const text = item.str;
    const words: TextWord[] = [];
    // Character widths are not in the text content: share the item's width by the text's measured
    // widths in a Helvetica-metric font (the PDF standard fonts), so a word's box covers the word.
    const whole = textWidth(text);
    for (const match of text.matchAll(/\S+/g)) {
      const from = (item.width * textWidth(text.slice(0, match.index))) / whole;
      const to = (item.width * textWidth(text.slice(0, match.index + match[0].length))) / whole;
      words.push({ text: match[0], box: toBox(from, to), confidence: 1 });
    }
    const [, baseline] = viewport.convertToViewportPoint(e, f);
    const [left] = viewport.convertToViewportPoint(e, f);
    const [right] = viewport.convertToViewportPoint(e + item.width, f);
    segments.push({
      words,
      baseline,
      left: Math.min(left, right),
      right: Math.max(left, right),
      fontHeight: fontHeight * Math.abs(viewport.scale),
      startsWithSpace: /^\s/.test(text),
      endsWithSpace: /\s$/.test(text),
    });
  }

  // Same line when the baselines are within a third of the font height.
  segments.sort((a, b) => a.baseline - b.baseline || a.left - b.left);
  const groups: Segment[][] = [];
  for (const segment of segments) {
    const group = groups.at(-1);
    if (group && Math.abs(group[0].baseline - segment.baseline) <= group[0].fontHeight / 3) group.push(segment);
    else groups.push([segment]);
  }

  return groups.map((group) => {
    group.sort((a, b) => a.left - b.left);
    const words: TextWord[] = [];
    let previous: Segment | undefined;
    for (const segment of group) {
      const gap = previous ? segment.left - previous.right : Infinity;
      const glued = previous && !previous.endsWithSpace && !segment.startsWithSpace && gap < segment.fontHeight * 0.15;
      const [first, ...rest] = segment.words;
      if (glued && words.length && first) {
        // "CN-" and "2025" drawn as two items with no gap are one word.
        const last = words[words.length - 1];
        words[words.length - 1] = { text: last.text + first.text, box: unionBox([last.box, first.box])!, confidence: 1 };
        words.push(...rest);
      } else {
        words.push(...segment.words);
      }
      previous = segment;
    }
    return { text: words.map((word) => word.text).join(' '), words, box: unionBox(words.map((word) => word.box))!, confidence: 1 };
  });
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
