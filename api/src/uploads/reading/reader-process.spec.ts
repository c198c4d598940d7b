import { readerProcesses } from '../../../test/support/reader-processes';
import { DocumentRefused } from './document-refused';
import { readDocument, UNSUPPORTED_TYPE } from './document-reader';
import { closeSharedOcrEngine } from './ocr-engine';
import { readingMemoryMessage, readingTimeMessage, readInReaderProcess, ReaderPool, renderInReaderProcess } from './reader-process';
import { SAMPLE_CERTIFICATE_LINES, scannedPdf, textPdf, tiffImage } from './sample-files';
import { checkArchive, DEFAULT_ARCHIVE_LIMITS } from './zip-archive';
import { oneCellXlsx, repetitiveText } from './zip-samples';

// A reader process starts node, pdf.js and tesseract afresh: seconds each on a loaded two-core machine.
jest.setTimeout(120_000);
afterAll(() => closeSharedOcrEngine());

const LIMITS = { timeoutMs: 60_000, memoryMb: 768 };
const IDLE_MS = 500;
let pool: ReaderPool;
beforeEach(() => (pool = new ReaderPool({ maxProcesses: 2, idleMs: IDLE_MS, maxTasks: 25 })));
afterEach(() => pool.close());

const read = (bytes: Buffer, limits = LIMITS) => readInReaderProcess(bytes, { maxPages: 10, archive: DEFAULT_ARCHIVE_LIMITS, limits }, pool);

/** The reader processes seen while `work` ran (sampled every 10 ms). */
async function seenWhile<T>(work: () => Promise<T>): Promise<{ result: T; seen: Set<number>; most: number }> {
  const seen = new Set<number>();
  let most = 0;
  const sampler = setInterval(() => {
    const now = readerProcesses();
    most = Math.max(most, now.length);
    for (const pid of now) seen.add(pid);
  }, 10);
  try {
    return { result: await work(), seen, most };
  } finally {
    clearInterval(sampler);
  }
}

describe('readInReaderProcess', () => {
  it('reads documents in a process of their own, as the reader reads them here; one kept warm reads the next, and ends once idle', async () => {
    const pdf = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const other = await textPdf([...SAMPLE_CERTIFICATE_LINES, 'Observaciones: segunda lectura']);
    const { result, seen } = await seenWhile(async () => [await read(pdf), await read(other)]);
    // One process, started once, read both, and waits for the next.
    expect(seen.size).toBe(1);
    expect(readerProcesses()).toEqual([...seen]);
    expect(result[0]).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', pageCount: 1, keptImage: null });
    expect(result[0].text).toEqual((await readDocument(pdf)).text);
    expect(result[1].text).toEqual((await readDocument(other)).text);
    await new Promise((done) => setTimeout(done, IDLE_MS + 300));
    expect(readerProcesses()).toEqual([]);
  });

  it('hands back what only reading makes (a TIFF page as PNG) and a refusal with its reason', async () => {
    const tiff = await read(await tiffImage(SAMPLE_CERTIFICATE_LINES));
    expect(tiff.kind).toBe('tiff');
    expect(Buffer.isBuffer(tiff.keptImage?.data)).toBe(true);
    expect(tiff.keptImage!.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    await expect(read(Buffer.from('MZ\u0090\u0000 no es un documento'))).rejects.toEqual(new DocumentRefused(UNSUPPORTED_TYPE));
  });

  it('ends a reading that takes longer than its time limit, at the limit, with its process; the next document gets a new one', async () => {
    const scan = await scannedPdf(SAMPLE_CERTIFICATE_LINES);
    const started = Date.now();
    const { result: error, seen } = await seenWhile(() => read(scan, { ...LIMITS, timeoutMs: 300 }).catch((e: Error) => e));
    const elapsed = Date.now() - started;
    expect(error).toEqual(new DocumentRefused(readingTimeMessage(300)));
    expect((error as Error).message).toBe('La lectura del documento superó el tiempo máximo de 0 s.');
    // Answered at the limit, not after the OCR it interrupted (which takes seconds in a new process).
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1000);
    expect(readerProcesses()).toEqual([]);
    const pdf = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const next = await seenWhile(() => read(pdf));
    expect(next.result.kind).toBe('pdf');
    expect([...next.seen].some((pid) => seen.has(pid))).toBe(false);
  });

  it('ends a reading that takes more memory than its limit: a sheet within every archive limit whose one cell the reader cannot hold', async () => {
    const sheet = await oneCellXlsx(repetitiveText(30));
    expect(sheet.length).toBeLessThan(2 * 1024 * 1024);
    await expect(checkArchive(sheet, DEFAULT_ARCHIVE_LIMITS)).resolves.toHaveLength(5);
    await expect(read(sheet, { ...LIMITS, memoryMb: 128 })).rejects.toEqual(new DocumentRefused(readingMemoryMessage(128)));
    expect(readerProcesses()).toEqual([]);
  });
});

describe('renderInReaderProcess', () => {
  it('draws a PDF page as PNG, at most two reader processes at a time', async () => {
    const pdf = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const { result: pages, most } = await seenWhile(() => Promise.all([1, 1, 1].map((page) => renderInReaderProcess(pdf, page, LIMITS, pool))));
    for (const png of pages) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(most).toBe(2);
    await expect(renderInReaderProcess(pdf, 2, LIMITS, pool)).rejects.toEqual(new DocumentRefused('El documento no tiene la página 2.'));
  });
});
