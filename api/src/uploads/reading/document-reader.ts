import type { DocumentText } from '../document-text';
import { DocumentRefused } from './document-refused';
import { sniffDocument, type DocumentKind } from './file-sniffer';
import { readImage, type PageImage } from './image-reader';
import { sharedOcrEngine, type OcrEngine } from './ocr-engine';
import { DEFAULT_MAX_PAGES, readPdf, renderPage } from './pdf-reader';
import type { ReadingProgress } from './reading-progress';
import { readCsv, readXlsx } from './spreadsheet-reader';

export { DocumentRefused } from './document-refused';
export type { PageImage } from './image-reader';
export { progressLabel, type ReadingProgress } from './reading-progress';

export const UNSUPPORTED_TYPE = 'Tipo de archivo no admitido: se aceptan PDF, PNG, JPEG, TIFF, XLSX y CSV.';
export const DEFAULT_TIMEOUT_MS = 180_000;

export interface ReadDocumentOptions {
  /** Default 10; a longer PDF is refused before any page is read. */
  maxPages?: number;
  onProgress?: (progress: ReadingProgress) => void;
  /** Default: the process-wide engine (one tesseract worker for every upload). */
  ocr?: OcrEngine;
  /** The whole document, OCR included; default 3 minutes. */
  timeoutMs?: number;
  maxRows?: number;
  maxMegapixels?: number;
}

export interface ReadDocumentResult {
  kind: DocumentKind;
  contentType: string;
  text: DocumentText;
  pageCount: number;
  /**
   * The page as the review screen shows it, made on demand (rendering costs more than reading).
   * Absent for spreadsheets; null for a page that has no image (a TIFF that tesseract could not
   * turn into PNG).
   */
  pageImage?: (pageNumber: number) => Promise<PageImage | null>;
}

/** Reads any accepted upload into text with positions, dispatching on what the bytes are (not the name). */
export async function readDocument(bytes: Buffer, options: ReadDocumentOptions = {}): Promise<ReadDocumentResult> {
  const sniffed = sniffDocument(bytes);
  if (!sniffed) throw new DocumentRefused(UNSUPPORTED_TYPE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const refusal = new DocumentRefused(`La lectura del documento superó el tiempo máximo de ${Math.round(timeoutMs / 1000)} s.`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Aborting also stops the OCR worker mid-page; the race below answers at once either way.
      controller.abort(refusal);
      reject(refusal);
    }, timeoutMs);
  });
  const read = dispatch(bytes, sniffed.kind, options, controller.signal);
  read.catch(() => undefined); // lost the race: its own rejection must not go unhandled
  try {
    const { text, pageCount, pageImage } = await Promise.race([read, timedOut]);
    return { kind: sniffed.kind, contentType: sniffed.contentType, text, pageCount, pageImage };
  } finally {
    clearTimeout(timer);
  }
}

async function dispatch(
  bytes: Buffer,
  kind: DocumentKind,
  options: ReadDocumentOptions,
  signal: AbortSignal,
): Promise<Omit<ReadDocumentResult, 'kind' | 'contentType'>> {
  const { onProgress } = options;
  switch (kind) {
    case 'pdf': {
      const { text, pageCount } = await readPdf(bytes, {
        maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
        ocr: options.ocr ?? sharedOcrEngine(),
        onProgress,
        signal,
      });
      const pageImage = async (pageNumber: number): Promise<PageImage> => ({
        contentType: 'image/png',
        data: await renderPage(bytes, pageNumber),
      });
      return { text, pageCount, pageImage };
    }
    case 'png':
    case 'jpeg':
    case 'tiff': {
      const { text, pageImage } = await readImage(bytes, kind, {
        ocr: options.ocr ?? sharedOcrEngine(),
        maxMegapixels: options.maxMegapixels,
        onProgress,
        signal,
      });
      return { text, pageCount: 1, pageImage: async (pageNumber) => (pageNumber === 1 ? pageImage : null) };
    }
    case 'xlsx':
      return { text: await readXlsx(bytes, { maxRows: options.maxRows, onProgress }), pageCount: 1 };
    case 'csv':
      return { text: readCsv(bytes, { maxRows: options.maxRows, onProgress }), pageCount: 1 };
  }
}
