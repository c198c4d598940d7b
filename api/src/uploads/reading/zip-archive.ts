import { createInflateRaw } from 'node:zlib';
import { DocumentRefused } from './document-refused';

/**
 * ZIP archives (XLSX is one) read without trusting them: deflate reaches 1000:1, so a zip bomb
 * within a 2 MB upload limit inflates to 2 GB. What an archive declares is checked against limits before anything is inflated, and what it
 * really holds is inflated once, counted, against what it declared.
 */

export const LOCAL_HEADER = 0x04034b50;
export const DIRECTORY_ENTRY = 0x02014b50;
export const END_OF_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
/** General purpose flag 3: sizes and CRC follow the data (the local header has zeros). */
const HAS_DATA_DESCRIPTOR = 0x0008;
const STORED = 0;
const DEFLATED = 8;
/** A size or offset of 0xFFFFFFFF (or a count of 0xFFFF) means ZIP64, which no document of a few MB needs. */
const ZIP64_MARK = 0xffffffff;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** As the central directory declares it (what a bomb lies about). */
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: the entries' data lies before it. */
  offset: number;
}

/** What an archive may declare before it is inflated. */
export interface ArchiveLimits {
  maxEntries: number;
  /** All entries together, inflated. */
  maxUncompressedMb: number;
  /** Inflated size over compressed size, per entry of 1 MB or more (smaller ones cannot hurt, whatever their ratio). */
  maxRatio: number;
}

/** Some XLSX compress 20:1, a bomb 1000:1; a 5,000-row sheet inflates to a few MB. */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 1_000, maxUncompressedMb: 50, maxRatio: 100 };
const MB = 1024 * 1024;
const RATIO_FROM_BYTES = MB;

export const ARCHIVE_DAMAGED = 'El archivo comprimido está dañado o no se puede leer.';
export const tooManyEntriesMessage = (entries: number, max: number) => `El archivo comprimido tiene ${entries} partes; el máximo es ${max}.`;
export const tooLargeInflatedMessage = (mb: number, max: number) => `Descomprimido, el archivo ocuparía ${mb} MB; el máximo es ${max} MB.`;
export const tooCompressedMessage = (ratio: number, max: number) =>
  `Una parte del archivo se descomprime a ${ratio} veces su tamaño; el máximo es ${max} veces.`;

/**
 * The entries of a ZIP's central directory, read without inflating anything; null when there is no
 * directory, it is inconsistent, or it uses ZIP64.
 */
export function zipDirectory(bytes: Buffer): ZipDirectory | null {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= searchFrom; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === ZIP64_MARK || directoryOffset > end) return null;
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > end || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > end) return null;
    const entry: ZipEntry = {
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    };
    if ([entry.compressedSize, entry.uncompressedSize, entry.localHeaderOffset].includes(ZIP64_MARK)) return null;
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, offset: directoryOffset };
}

/**
 * Refuses, with the reason to show, an archive whose directory declares more than the limits allow
 * (entries, inflated size, ratio), before inflating anything; then inflates each entry once,
 * counting, and refuses the archive as damaged as soon as an entry gives more than it declared (a
 * directory that lies), or the entries do not fill the archive end to end (data a streaming
 * unzipper would read that the directory does not list).
 */
export async function checkArchive(bytes: Buffer, limits: ArchiveLimits): Promise<ZipEntry[]> {
  const directory = zipDirectory(bytes);
  if (!directory) throw new DocumentRefused(ARCHIVE_DAMAGED);
  const { entries } = directory;
  if (entries.length > limits.maxEntries) throw new DocumentRefused(tooManyEntriesMessage(entries.length, limits.maxEntries));
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > limits.maxUncompressedMb * MB) throw new DocumentRefused(tooLargeInflatedMessage(Math.ceil(total / MB), limits.maxUncompressedMb));
  for (const entry of entries) {
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize >= RATIO_FROM_BYTES && ratio > limits.maxRatio)
      throw new DocumentRefused(tooCompressedMessage(Math.round(ratio), limits.maxRatio));
  }
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)) {
    if (entry.localHeaderOffset !== expected) throw new DocumentRefused(ARCHIVE_DAMAGED);
    const data = entryData(bytes, entry, directory.offset);
    if (!data) throw new DocumentRefused(ARCHIVE_DAMAGED);
    const inflated = await inflatedSize(entry, data.bytes);
    if (inflated !== entry.uncompressedSize) throw new DocumentRefused(ARCHIVE_DAMAGED);
    expected = data.next;
  }
  if (expected !== directory.offset) throw new DocumentRefused(ARCHIVE_DAMAGED);
  return entries;
}

/**
 * An entry's compressed bytes and where the next entry must start, from its local header checked
 * against the directory (a streaming unzipper trusts the local header); null when they disagree.
 */
function entryData(bytes: Buffer, entry: ZipEntry, directoryOffset: number): { bytes: Buffer; next: number } | null {
  const at = entry.localHeaderOffset;
  if (at + 30 > directoryOffset || bytes.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const flags = bytes.readUInt16LE(at + 6);
  const method = bytes.readUInt16LE(at + 8);
  const described = (flags & HAS_DATA_DESCRIPTOR) !== 0;
  if (method !== entry.method || described !== ((entry.flags & HAS_DATA_DESCRIPTOR) !== 0)) return null;
  if (!described && (bytes.readUInt32LE(at + 18) !== entry.compressedSize || bytes.readUInt32LE(at + 22) !== entry.uncompressedSize)) return null;
  // Stored data with a descriptor has no end a streaming reader can find but by searching for one.
  if (described && method === STORED) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  let next = start + entry.compressedSize;
  if (described) next += next + 4 <= directoryOffset && bytes.readUInt32LE(next) === DATA_DESCRIPTOR ? 16 : 12;
  if (next > directoryOffset) return null;
  return { bytes: bytes.subarray(start, start + entry.compressedSize), next };
}

/** The inflated size of an entry, counted as it streams and stopped one byte past what it declared; -1 when it cannot be read. */
function inflatedSize(entry: ZipEntry, data: Buffer): Promise<number> {
  if (entry.method === STORED) return Promise.resolve(data.length);
  if (entry.method !== DEFLATED) return Promise.resolve(-1);
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve(-1));
    inflate.end(data);
  });
}
