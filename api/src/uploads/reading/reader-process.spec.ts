import { readerProcesses } from '../../../test/support/reader-processes';
import { DocumentRefused } from './document-refused';
import { readDocument, UNSUPPORTED_TYPE } from './document-reader';
import { closeSharedOcrEngine } from './ocr-engine';
import { readingMemoryMessage, readingTimeMessage, readInReaderProcess, renderInReaderProcess } from './reader-process';
import { SAMPLE_CERTIFICATE_LINES, scannedPdf, textPdf, tiffImage } from './sample-files';
import { checkArchive, DEFAULT_ARCHIVE_LIMITS } from './zip-archive';
import { oneCellXlsx, repetitiveText } from './zip-samples';

// A reader process starts node, pdf.js and tesseract afresh: seconds each on a loaded two-core machine.
jest.setTimeout(120_000);
afterAll(() => closeSharedOcrEngine());

const LIMITS = { timeoutMs: 60_000, memoryMb: 768 };
const read = (bytes: Buffer, limits = LIMITS) => readInReaderProcess(bytes, { maxPages: 10, archive: DEFAULT_ARCHIVE_LIMITS, limits });

describe('readInReaderProcess', () => {
  it('reads a document in a process of its own, as the reader reads it here, and leaves no process behind', async () => {
    const pdf = await textPdf(SAMPLE_CERTIFICATE_LINES);
    const seen: number[][] = [];
    const sampler = setInterval(() => seen.push(readerProcesses()), 20);
    const result = await read(pdf).finally(() => clearInterval(sampler));
    expect(result).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', pageCount: 1, keptImage: null });
    expect(result.text).toEqual((await readDocument(pdf)).text);
    expect(seen.some((pids) => pids.length === 1)).toBe(true);
    expect(readerProcesses()).toEqual([]);
  });

  it('hands back what only reading makes (a TIFF page as PNG) and a refusal with its reason', async () => {
    const tiff = await read(await tiffImage(SAMPLE_CERTIFICATE_LINES));
    expect(tiff.kind).toBe('tiff');
    expect(Buffer.isBuffer(tiff.keptImage?.data)).toBe(true);
    expect(tiff.keptImage!.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    await expect(read(Buffer.from('MZ\u0090\u0000 no es un documento'))).rejects.toEqual(new DocumentRefused(UNSUPPORTED_TYPE));
  });

  it('ends a reading that takes longer than its time limit, at the limit', async () => {
    const scan = await scannedPdf(SAMPLE_CERTIFICATE_LINES);
    const started = Date.now();
    const error = await read(scan, { ...LIMITS, timeoutMs: 300 }).catch((e: Error) => e);
    const elapsed = Date.now() - started;
    expect(error).toEqual(new DocumentRefused(readingTimeMessage(300)));
    expect((error as Error).message).toBe('La lectura del documento superó el tiempo máximo de 0 s.');
    // Answered at the limit, not after the OCR it interrupted (which takes seconds in a new process).
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1000);
    expect(readerProcesses()).toEqual([]);
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
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, readerProcesses().length)), 10);
    const pages = await Promise.all([1, 1, 1].map((page) => renderInReaderProcess(pdf, page, LIMITS))).finally(() => clearInterval(sampler));
    for (const png of pages) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(most).toBe(2);
    await expect(renderInReaderProcess(pdf, 2, LIMITS)).rejects.toEqual(new DocumentRefused('El documento no tiene la página 2.'));
  });
});
