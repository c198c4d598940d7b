import { DocumentRefused } from './document-refused';
import { xlsxFile } from './sample-files';
import { readXlsx } from './spreadsheet-reader';
import {
  ARCHIVE_DAMAGED,
  checkArchive,
  DEFAULT_ARCHIVE_LIMITS,
  tooCompressedMessage,
  tooLargeInflatedMessage,
  tooManyEntriesMessage,
  type ArchiveLimits,
  zipDirectory,
} from './zip-archive';
import { oneCellXlsx, repeated, repetitiveText, xlsxBomb, zipArchive } from './zip-samples';

const MB = 1024 * 1024;
const LIMITS: ArchiveLimits = { maxEntries: 1_000, maxUncompressedMb: 50, maxRatio: 100 };

/**
 * The archive with every entry's data replaced by bytes no inflater accepts: a refusal that still
 * comes for what the directory declares came before anything was inflated.
 */
function uninflatable(archive: Buffer): Buffer {
  const spoiled = Buffer.from(archive);
  for (const entry of zipDirectory(archive)!.entries) {
    const start = entry.localHeaderOffset + 30 + archive.readUInt16LE(entry.localHeaderOffset + 26) + archive.readUInt16LE(entry.localHeaderOffset + 28);
    // 0xFF: a final block of the reserved type, refused by zlib at its first byte.
    spoiled.fill(0xff, start, start + entry.compressedSize);
  }
  return spoiled;
}

/** The CPU time `work` takes, ms (inflating 200 MB takes some 450 ms of it; load on the machine does not count). */
async function cpuMs(work: () => Promise<unknown>): Promise<{ ms: number; outcome: unknown }> {
  const before = process.cpuUsage();
  const outcome = await work().catch((error: unknown) => error);
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, outcome };
}

describe('checkArchive', () => {
  it('lets an honest workbook through, having inflated each entry to check it holds what it declares', async () => {
    const workbook = await xlsxFile([
      ['Matriz', 'Dureza'],
      ['4521-2', 1050],
    ]);
    const entries = await checkArchive(workbook, LIMITS);
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
    // Checked by inflating: the same workbook with data no inflater accepts is refused.
    await expect(checkArchive(uninflatable(workbook), LIMITS)).rejects.toEqual(new DocumentRefused(ARCHIVE_DAMAGED));
  });

  it("refuses the issue's bomb (200 KB that inflate to 200 MB) by its declared size, before inflating anything", async () => {
    const bomb = await xlsxBomb(200);
    expect(bomb.length).toBeLessThan(256 * 1024);
    await expect(checkArchive(uninflatable(bomb), LIMITS)).rejects.toEqual(new DocumentRefused(tooLargeInflatedMessage(201, 50)));
    const { ms, outcome } = await cpuMs(() => checkArchive(bomb, LIMITS));
    expect(outcome).toEqual(new DocumentRefused(tooLargeInflatedMessage(201, 50)));
    expect(ms).toBeLessThan(100);
  });

  it('refuses an entry of 1 MB or more compressed past the ratio, before inflating it; a small one may compress as it likes', async () => {
    const bomb = await xlsxBomb(2);
    const sheet = zipDirectory(bomb)!.entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml')!;
    const ratio = Math.round(sheet.uncompressedSize / sheet.compressedSize);
    expect(ratio).toBeGreaterThan(500);
    await expect(checkArchive(uninflatable(bomb), LIMITS)).rejects.toEqual(new DocumentRefused(tooCompressedMessage(ratio, 100)));
    const small = await oneCellXlsx(repeated(Buffer.alloc(512 * 1024, 'A'), 1));
    await expect(checkArchive(small, LIMITS)).resolves.toHaveLength(5);
    const realistic = await oneCellXlsx(repetitiveText(3));
    await expect(checkArchive(realistic, LIMITS)).resolves.toHaveLength(5);
  });

  it('refuses more entries than allowed, before inflating any', async () => {
    const many = await zipArchive(Array.from({ length: 1_001 }, (_, index) => ({ name: `xl/part${index}.xml`, content: Buffer.from('<a/>') })));
    await expect(checkArchive(uninflatable(many), LIMITS)).rejects.toEqual(new DocumentRefused(tooManyEntriesMessage(1_001, 1_000)));
  });

  it('stops a bomb whose directory lies about its size as soon as the entry gives more than it declared', async () => {
    const liar = await xlsxBomb(200, { declaredSheetSize: 1_000 });
    const { ms, outcome } = await cpuMs(() => checkArchive(liar, LIMITS));
    expect(outcome).toEqual(new DocumentRefused(ARCHIVE_DAMAGED));
    // A zlib chunk past the 1,000 bytes declared, not 200 MB.
    expect(ms).toBeLessThan(100);
    // An entry that gives less than it declared is no more trusted.
    const short = await oneCellXlsx([Buffer.from('hola')], { declaredSheetSize: 5_000 });
    await expect(checkArchive(short, LIMITS)).rejects.toEqual(new DocumentRefused(ARCHIVE_DAMAGED));
  });

  it('refuses data the directory does not list (a streaming unzipper would inflate it) and a damaged archive', async () => {
    const hidden = await zipArchive([
      { name: 'xl/worksheets/sheet1.xml', content: repeated(Buffer.alloc(MB, 'A'), 200), unlisted: true },
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
    ]);
    const { ms, outcome } = await cpuMs(() => checkArchive(hidden, LIMITS));
    expect(outcome).toEqual(new DocumentRefused(ARCHIVE_DAMAGED));
    expect(ms).toBeLessThan(100);
    const workbook = await xlsxFile([['a']]);
    await expect(checkArchive(workbook.subarray(0, workbook.length - 40), LIMITS)).rejects.toEqual(new DocumentRefused(ARCHIVE_DAMAGED));
  });

  it('is what readXlsx runs first, with the default limits', async () => {
    await expect(readXlsx(await xlsxBomb(200))).rejects.toEqual(new DocumentRefused(tooLargeInflatedMessage(201, DEFAULT_ARCHIVE_LIMITS.maxUncompressedMb)));
  });
});
