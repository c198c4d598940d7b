import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { createWorker, type Bbox, type Worker } from 'tesseract.js';
import { unionBox, type TextLine, type TextWord } from '../document-text';
import { DocumentRefused } from './document-refused';
import { nativeRequire, packageDir } from './native-modules';

/** Spanish data from Debian's `tesseract-ocr-spa` (no npm package ships it); accents need it. */
export const SPANISH_TRAINEDDATA = '/usr/share/tesseract-ocr/5/tessdata/spa.traineddata';

export type OcrLanguage = 'spa' | 'eng';

export interface OcrProgress {
  stage: 'ocr';
  page: number;
  pages: number;
  /** 0..1 within the page. */
  progress: number;
}

export interface OcrWorkerSettings {
  lang: OcrLanguage;
  /** Local folders and files only: tesseract.js downloads from a CDN when langPath is empty or a URL. */
  langPath: string;
  gzip: boolean;
  cacheMethod: 'none';
  workerPath: string;
  corePath: string;
}

/** Where the language data and the worker come from: all inside node_modules or /usr/share, nothing fetched. */
export function ocrWorkerSettings(language?: OcrLanguage): OcrWorkerSettings {
  const lang = language ?? (existsSync(SPANISH_TRAINEDDATA) ? 'spa' : 'eng');
  const local =
    lang === 'spa'
      ? { langPath: path.dirname(SPANISH_TRAINEDDATA), gzip: false }
      : // The LSTM-only "best_int" variant (2.9 MB) is what tesseract.js picks for OEM 1; the other one adds the legacy model.
        { langPath: packageDir('@tesseract.js-data/eng', '4.0.0_best_int'), gzip: true };
  return {
    lang,
    ...local,
    // No cache: tesseract.js would otherwise write the unpacked data into the working folder.
    cacheMethod: 'none',
    workerPath: nativeRequire.resolve('tesseract.js/src/worker-script/node/index.js'),
    // Node's worker requires tesseract.js-core from node_modules itself; set anyway so no default points to a CDN.
    corePath: packageDir('tesseract.js-core'),
  };
}

export interface OcrPageInput {
  /** PNG, JPEG, TIFF, BMP or PNM bytes (decoded by leptonica inside the WASM worker). */
  image: Buffer;
  /** Pixel size of the image, to turn tesseract's pixel boxes into fractions. */
  width: number;
  height: number;
  page: number;
  pages: number;
  onProgress?: (progress: OcrProgress) => void;
  /** Also return the image as tesseract decoded it, as PNG (how a TIFF gets a page image). */
  wantPng?: boolean;
}

export interface OcrPageResult {
  lines: TextLine[];
  /** Mean word confidence, 0..1 (0 with no words). */
  confidence: number;
  png?: Buffer;
}

export interface OcrEngineOptions {
  language?: OcrLanguage;
  /** Per page; past it the worker is killed (WASM cannot be interrupted) and the page refused. */
  pageTimeoutMs?: number;
}

/**
 * One tesseract worker, started on first use and reused (starting one costs about half a second),
 * with pages recognised one at a time: these machines have two cores and the API needs one.
 */
export class OcrEngine {
  readonly settings: OcrWorkerSettings;
  readonly pageTimeoutMs: number;
  /** How long the last worker took to start, for the benchmark. */
  lastWorkerStartMs = 0;
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private current: OcrPageInput | undefined;

  constructor(options: OcrEngineOptions = {}) {
    this.settings = ocrWorkerSettings(options.language);
    this.pageTimeoutMs = options.pageTimeoutMs ?? 60_000;
  }

  recognize(input: OcrPageInput): Promise<OcrPageResult> {
    const run = this.queue.then(() => this.run(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.discardWorker();
  }

  private startWorker(): Promise<Worker> {
    if (!this.worker) {
      const started = Date.now();
      const { lang, langPath, gzip, cacheMethod, workerPath, corePath } = this.settings;
      this.worker = createWorker(lang, 1, {
        langPath,
        gzip,
        cacheMethod,
        workerPath,
        corePath,
        logger: (message) => {
          const job = this.current;
          if (job?.onProgress && message.status === 'recognizing text') {
            job.onProgress({ stage: 'ocr', page: job.page, pages: job.pages, progress: clamp01(message.progress) });
          }
        },
        // Failures arrive as rejections of recognize(); without this tesseract.js also logs them.
        errorHandler: () => undefined,
      }).then((worker) => {
        this.lastWorkerStartMs = Date.now() - started;
        return worker;
      });
      this.worker.catch(() => (this.worker = undefined));
    }
    return this.worker;
  }

  private async discardWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  private async run(input: OcrPageInput): Promise<OcrPageResult> {
    const worker = await this.startWorker().catch((error: unknown) => {
      throw new DocumentRefused('No se pudo iniciar el reconocimiento de texto (OCR).', { cause: error });
    });
    this.current = input;
    input.onProgress?.({ stage: 'ocr', page: input.page, pages: input.pages, progress: 0 });
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stopped = true;
        reject(
          new DocumentRefused(`El reconocimiento de texto de la página ${input.page} superó el tiempo máximo de ${Math.round(this.pageTimeoutMs / 1000)} s.`),
        );
      }, this.pageTimeoutMs);
    });
    try {
      const result = await Promise.race([worker.recognize(input.image, {}, { blocks: true, text: false, imageColor: input.wantPng === true }), stop]);
      input.onProgress?.({ stage: 'ocr', page: input.page, pages: input.pages, progress: 1 });
      return toPageResult(result.data, input.width, input.height);
    } catch (error) {
      // The WASM keeps running after a timeout: only killing the worker frees the core.
      if (stopped) await this.discardWorker();
      if (error instanceof DocumentRefused) throw error;
      throw new DocumentRefused('La imagen está dañada o no se puede leer.', { cause: error });
    } finally {
      clearTimeout(timer);
      this.current = undefined;
    }
  }
}

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: Bbox;
}

interface TesseractData {
  blocks: { paragraphs: { lines: { words: TesseractWord[]; confidence: number }[] }[] }[] | null;
  imageColor?: string | null;
}

function toPageResult(data: TesseractData, width: number, height: number): OcrPageResult {
  const lines: TextLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: TextWord[] = line.words
          .filter((word) => word.text.trim() !== '')
          .map((word) => ({
            text: word.text.trim(),
            box: {
              x: word.bbox.x0 / width,
              y: word.bbox.y0 / height,
              width: (word.bbox.x1 - word.bbox.x0) / width,
              height: (word.bbox.y1 - word.bbox.y0) / height,
            },
            confidence: clamp01(word.confidence / 100),
          }));
        if (words.length === 0) continue;
        lines.push({
          text: words.map((word) => word.text).join(' '),
          words,
          box: unionBox(words.map((word) => word.box))!,
          confidence: clamp01(line.confidence / 100),
        });
      }
    }
  }
  const allWords = lines.flatMap((line) => line.words);
  const confidence = allWords.length ? allWords.reduce((sum, word) => sum + word.confidence, 0) / allWords.length : 0;
  const png = data.imageColor ? Buffer.from(data.imageColor.replace(/^data:image\/png;base64,/, ''), 'base64') : undefined;
  return { lines, confidence, png };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

let shared: OcrEngine | undefined;

/** The process-wide engine (one worker for all uploads). */
export function sharedOcrEngine(): OcrEngine {
  shared ??= new OcrEngine();
  return shared;
}

/** Stops the shared worker (on shutdown, and at the end of test files). */
export async function closeSharedOcrEngine(): Promise<void> {
  const engine = shared;
  shared = undefined;
  await engine?.close();
}
