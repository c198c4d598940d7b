import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { DocumentText } from '../document-text';
import { DocumentRefused } from './document-refused';
import type { DocumentKind } from './file-sniffer';
import type { PageImage } from './image-reader';
import type { ReadingProgress } from './reading-progress';
import type { ArchiveLimits } from './zip-archive';

/**
 * Uploaded documents are read in a process of their own, never in the one that answers HTTP: a
 * parser stuck on a hostile file, a native crash (canvas, tesseract) or a memory blow-up ends that
 * process only. It is ended past its time or memory limit; the API goes on, and the next document
 * gets a fresh process.
 */
export interface ReaderLimits {
  /** The whole reading, OCR included. */
  timeoutMs: number;
  /** The reader process's resident memory (tesseract's, canvas's and inflated buffers included) and its JS heap. */
  memoryMb: number;
}

/** A document as its reader process hands it back. */
export interface DocumentRead {
  kind: DocumentKind;
  contentType: string;
  text: DocumentText;
  pageCount: number;
  /** A page image that only reading could make (a TIFF's, through the OCR engine). */
  keptImage: PageImage | null;
}

export type ReaderTask = { task: 'read'; bytes: Uint8Array; maxPages: number; archive: ArchiveLimits } | { task: 'render'; bytes: Uint8Array; page: number };

export type ReaderReply =
  | { type: 'progress'; progress: ReadingProgress }
  | { type: 'done'; result: DocumentRead | Uint8Array }
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

export const readingTimeMessage = (timeoutMs: number) => `La lectura del documento superó el tiempo máximo de ${Math.round(timeoutMs / 1000)} s.`;
export const readingMemoryMessage = (memoryMb: number) => `La lectura del documento superó la memoria máxima de ${memoryMb} MB.`;

/**
 * The reader's entry as node runs it: next to this file once built; under jest, which runs the
 * TypeScript sources, the build's copy in api/dist (the tests' other processes run the build too).
 */
const ENTRY = __filename.endsWith('.ts')
  ? join(__dirname, '..', '..', '..', 'dist', 'uploads', 'reading', 'reader-process.entry.js')
  : join(__dirname, 'reader-process.entry.js');

/** One for the upload queue and one for a review's page images: more would only share the same cores and add memory. */
const MAX_READER_PROCESSES = 2;
/** A nice value above the API's 0: reading is background work, the API's answers get the cores first. */
const READER_PRIORITY = 10;
/** How often a reader's memory is looked at: a parser inflating at 200 MB/s overshoots by 10 MB at most. */
const MEMORY_CHECK_MS = 50;

/** Reads a document (text layer, OCR or spreadsheet) in a reader process, ended past `limits`. */
export async function readInReaderProcess(
  bytes: Buffer,
  options: { maxPages: number; archive: ArchiveLimits; limits: ReaderLimits; onProgress?: (progress: ReadingProgress) => void },
): Promise<DocumentRead> {
  const read = (await runInReaderProcess(
    { task: 'read', bytes, maxPages: options.maxPages, archive: options.archive },
    options.limits,
    options.onProgress,
  )) as DocumentRead;
  return { ...read, keptImage: read.keptImage && { ...read.keptImage, data: asBuffer(read.keptImage.data) } };
}

/** A PDF page as PNG, rendered in a reader process ended past `limits`. */
export async function renderInReaderProcess(bytes: Buffer, page: number, limits: ReaderLimits): Promise<Buffer> {
  return asBuffer((await runInReaderProcess({ task: 'render', bytes, page }, limits)) as Uint8Array);
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than MAX_READER_PROCESSES are running; a finished one hands its place to the next waiting. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_READER_PROCESSES) running += 1;
  else await new Promise<void>((take) => waiting.push(take));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function runInReaderProcess(task: ReaderTask, limits: ReaderLimits, onProgress?: (progress: ReadingProgress) => void): Promise<DocumentRead | Uint8Array> {
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        // No environment: the reader needs none, and a hostile document gets no secret to look for.
        const child = fork(ENTRY, [], {
          execArgv: [`--max-old-space-size=${limits.memoryMb}`],
          env: {},
          serialization: 'advanced',
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        });
        // Set at once, before node loads the readers: the threads it starts from then on (tesseract's among them) inherit it.
        try {
          if (child.pid !== undefined) setPriority(child.pid, READER_PRIORITY);
        } catch {
          // ended already: its 'close' settles it
        }
        let stderr = '';
        let outcome: { result: DocumentRead | Uint8Array } | { error: Error } | undefined;
        const end = (settled: NonNullable<typeof outcome>) => {
          outcome ??= settled;
          child.kill('SIGKILL');
        };
        const timer = setTimeout(() => end({ error: new DocumentRefused(readingTimeMessage(limits.timeoutMs)) }), limits.timeoutMs);
        const memory = watchMemory(child.pid, limits.memoryMb, () => end({ error: new DocumentRefused(readingMemoryMessage(limits.memoryMb)) }));
        // Settled once the process is gone (or never started), so its place goes to the next one only then.
        const finish = (code: number | null, signal: NodeJS.Signals | null) => {
          clearTimeout(timer);
          memory.stop();
          // V8 ends a process whose heap passes --max-old-space-size by itself.
          outcome ??= /heap out of memory/i.test(stderr)
            ? { error: new DocumentRefused(readingMemoryMessage(limits.memoryMb)) }
            : { error: new Error(`The reader process ended (${signal ?? code}): ${stderr.trim()}`) };
          if ('result' in outcome) resolve(outcome.result);
          else reject(outcome.error);
        };
        child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)));
        child.on('message', (reply: ReaderReply) => {
          if (reply.type === 'progress') onProgress?.(reply.progress);
          else if (reply.type === 'done') end({ result: reply.result });
          else if (reply.type === 'refused') end({ error: new DocumentRefused(reply.message) });
          else end({ error: new Error(reply.message) });
        });
        child.on('error', (error) => {
          end({ error });
          if (child.pid === undefined) finish(null, null);
        });
        child.once('close', finish);
        child.send(task);
      }),
  );
}

/** Calls `exceeded` once the process's resident memory passes `limitMb` (Linux: /proc; elsewhere only the heap limit holds). */
function watchMemory(pid: number | undefined, limitMb: number, exceeded: () => void): { stop: () => void } {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || pid === undefined) return;
    checking = true;
    readFile(`/proc/${pid}/status`, 'utf8')
      .then((status) => {
        const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
        if (kb / 1024 > limitMb) exceeded();
      })
      .catch(() => clearInterval(timer))
      .finally(() => (checking = false));
  }, MEMORY_CHECK_MS);
  return { stop: () => clearInterval(timer) };
}
