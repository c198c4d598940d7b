import type { DocumentText } from '../document-text';
import { DocumentRefused } from './document-refused';
import { sniffDocument, type DocumentKind } from './file-sniffer';
import { readImage, type PageImage } from './image-reader';
import { sharedOcrEngine, type OcrEngine } from './ocr-engine';
import { DEFAULT_MAX_PAGES, readPdf, renderPage } from './pdf-reader';
import type { ReadingProgress } from './reading-progress';
import { readCsv, readXlsx } from './spreadsheet-reader';
import type { ArchiveLimits } from './zip-archive';

export { DocumentRefused } from './document-refused';
export type { PageImage } from './image-reader';
export { progressLabel, type ReadingProgress } from './reading-progress';

export const UNSUPPORTED_TYPE = 'Tipo de archivo no admitido: se aceptan PDF, PNG, JPEG, TIFF, XLSX y CSV.';

export interface ReadDocumentOptions {
  /** Default 10; a longer PDF is refused before any page is read. */
  maxPages?: number;
  onProgress?: (progress: ReadingProgress) => void;
  /** Default: the process-wide engine (one tesseract worker for every upload). */
  ocr?: OcrEngine;
  maxRows?: number;
  maxMegapixels?: number;
  /** What an XLSX's ZIP may declare; default DEFAULT_ARCHIVE_LIMITS. */
  archive?: ArchiveLimits;
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

/**
 * Reads any accepted upload into text with positions, dispatching on what the bytes are (not the
 * name). Unbounded in time and memory: the API reads uploads through `reader-process.ts`, which
 * ends the reading past its limits.
 */
export async function readDocument(bytes: Buffer, options: ReadDocumentOptions = {}): Promise<ReadDocumentResult> {
  const sniffed = sniffDocument(bytes);
  if (!sniffed) throw new DocumentRefused(UNSUPPORTED_TYPE);
  const { text, pageCount, pageImage } = await dispatch(bytes, sniffed.kind, options);
  return { kind: sniffed.kind, contentType: sniffed.contentType, text, pageCount, pageImage };
}

async function dispatch(bytes: Buffer, kind: DocumentKind, options: ReadDocumentOptions): Promise<Omit<ReadDocumentResult, 'kind' | 'contentType'>> {
  const { onProgress } = options;
  switch (kind) {
    case 'pdf': {
      const { text, pageCount } = await readPdf(bytes, {
        maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
        ocr: options.ocr ?? sharedOcrEngine(),
        onProgress,
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
      });
      return { text, pageCount: 1, pageImage: async (pageNumber) => (pageNumber === 1 ? pageImage : null) };
    }
    case 'xlsx':
      return { text: await readXlsx(bytes, { maxRows: options.maxRows, onProgress, archive: options.archive }), pageCount: 1 };
    case 'csv':
      return { text: readCsv(bytes, { maxRows: options.maxRows, onProgress }), pageCount: 1 };
  }
}
