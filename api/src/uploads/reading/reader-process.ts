import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
 * Uploaded documents are read in reader processes, never in the one that answers HTTP: a parser
 * stuck on a hostile file, a native crash (canvas, tesseract) or a memory blow-up ends that
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

/**
 * A reader process is kept for the next document (node, pdf.js and the OCR engine started once:
 * a text PDF is read in a tenth of the time a new process takes to start) until it has been idle
 * this long, has read this many documents, kept over half its memory after one, or failed.
 */
export interface ReaderPoolOptions {
  maxProcesses: number;
  idleMs: number;
  maxTasks: number;
}
const DEFAULT_POOL: ReaderPoolOptions = { maxProcesses: MAX_READER_PROCESSES, idleMs: 30_000, maxTasks: 25 };

interface Reader {
  child: ChildProcess;
  /** Settles once the process is gone. */
  exited: Promise<void>;
  memoryMb: number;
  tasks: number;
  stderr: string;
  idle?: NodeJS.Timeout;
  /** The task under way: settles it when the process answers or ends. */
  current?: { answer: (reply: ReaderReply) => void; ended: (code: number | null, signal: NodeJS.Signals | null) => void };
}

/**
 * Up to `maxProcesses` reader processes, each doing one task at a time. A task that passes its
 * time or memory limit ends its process (SIGKILL) and is refused with the reason; the next task
 * gets a new process.
 */
export class ReaderPool {
  private readonly readers = new Set<Reader>();
  private readonly idle: Reader[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;

  constructor(private readonly options: ReaderPoolOptions = DEFAULT_POOL) {}

  run(task: ReaderTask, limits: ReaderLimits, onProgress?: (progress: ReadingProgress) => void): Promise<DocumentRead | Uint8Array> {
    return this.inTurn(async () => {
      const reader = this.take(limits.memoryMb);
      reader.tasks += 1;
      return new Promise<DocumentRead | Uint8Array>((resolve, reject) => {
        let settled = false;
        const settle = (outcome: { result: DocumentRead | Uint8Array } | { error: Error }, keep: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          memory.stop();
          reader.current = undefined;
          const answer = () => ('result' in outcome ? resolve(outcome.result) : reject(outcome.error));
          if (keep) {
            this.release(reader);
            answer();
          } else {
            // Answered once the process is gone, so that its place goes to the next task only then.
            this.end(reader);
            void reader.exited.then(answer);
          }
        };
        const timer = setTimeout(() => settle({ error: new DocumentRefused(readingTimeMessage(limits.timeoutMs)) }, false), limits.timeoutMs);
        const memory = watchMemory(reader.child.pid, limits.memoryMb, () =>
          settle({ error: new DocumentRefused(readingMemoryMessage(limits.memoryMb)) }, false),
        );
        reader.current = {
          answer: (reply) => {
            if (reply.type === 'progress') onProgress?.(reply.progress);
            else if (reply.type === 'done') settle({ result: reply.result }, true);
            else if (reply.type === 'refused') settle({ error: new DocumentRefused(reply.message) }, true);
            // Something the reader did not expect: its process is not trusted with another document.
            else settle({ error: new Error(reply.message) }, false);
          },
          // V8 ends a process whose heap passes --max-old-space-size by itself.
          ended: (code, signal) =>
            settle(
              /heap out of memory/i.test(reader.stderr)
                ? { error: new DocumentRefused(readingMemoryMessage(limits.memoryMb)) }
                : { error: new Error(`The reader process ended (${signal ?? code}): ${reader.stderr.trim()}`) },
              false,
            ),
        };
        try {
          reader.child.send(task);
        } catch (error) {
          // Its channel closed since it was taken: it died idle.
          settle({ error: error as Error }, false);
        }
      });
    });
  }

  /** Ends every reader process (the API shutting down; a test's end); settles once they are gone. */
  async close(): Promise<void> {
    const readers = [...this.readers];
    for (const reader of readers) this.end(reader);
    await Promise.all(readers.map((reader) => reader.exited));
  }

  /** Runs `work` when fewer than `maxProcesses` tasks are under way; a finished one hands its place to the next waiting. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy < this.options.maxProcesses) this.busy += 1;
    else await new Promise<void>((take) => this.waiting.push(take));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }

  /** An idle reader started with the same memory limit, or a new one. */
  private take(memoryMb: number): Reader {
    for (let reader = this.idle.pop(); reader; reader = this.idle.pop()) {
      clearTimeout(reader.idle);
      if (reader.memoryMb === memoryMb && reader.child.exitCode === null && reader.child.signalCode === null) {
        holdOpen(reader.child, true);
        return reader;
      }
      this.end(reader);
    }
    return this.start(memoryMb);
  }

  private start(memoryMb: number): Reader {
    // No environment: the reader needs none, and a hostile document gets no secret to look for.
    const child = fork(ENTRY, [], {
      execArgv: [`--max-old-space-size=${memoryMb}`],
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // Set at once, before node loads the readers: the threads it starts from then on (tesseract's among them) inherit it.
    try {
      if (child.pid !== undefined) setPriority(child.pid, READER_PRIORITY);
    } catch {
      // ended already: its 'close' settles its task
    }
    let exit = () => {};
    const reader: Reader = { child, memoryMb, tasks: 0, stderr: '', exited: new Promise((done) => (exit = done)) };
    this.readers.add(reader);
    child.stderr!.on('data', (chunk: Buffer) => (reader.stderr = (reader.stderr + chunk.toString()).slice(-4096)));
    child.on('message', (reply: ReaderReply) => reader.current?.answer(reply));
    // A process that could not start ends its task as one that died would.
    child.on('error', () => child.pid === undefined && this.ended(reader, null, null, exit));
    child.once('close', (code, signal) => this.ended(reader, code, signal, exit));
    return reader;
  }

  /** A reader done with a task: kept for the next one, unless it has read enough or holds too much memory. */
  private release(reader: Reader): void {
    if (reader.tasks >= this.options.maxTasks || residentMb(reader.child.pid) > reader.memoryMb / 2) return this.end(reader);
    reader.idle = setTimeout(() => this.end(reader), this.options.idleMs);
    reader.idle.unref();
    holdOpen(reader.child, false);
    this.idle.push(reader);
  }

  private end(reader: Reader): void {
    clearTimeout(reader.idle);
    const index = this.idle.indexOf(reader);
    if (index >= 0) this.idle.splice(index, 1);
    reader.child.kill('SIGKILL');
  }

  private ended(reader: Reader, code: number | null, signal: NodeJS.Signals | null, exit: () => void): void {
    this.readers.delete(reader);
    this.end(reader);
    exit();
    reader.current?.ended(code, signal);
  }
}

/** The reader processes of this API process. */
export const readerPool = new ReaderPool();

/** Reads a document (text layer, OCR or spreadsheet) in a reader process, ended past `limits`. */
export async function readInReaderProcess(
  bytes: Buffer,
  options: { maxPages: number; archive: ArchiveLimits; limits: ReaderLimits; onProgress?: (progress: ReadingProgress) => void },
  pool: ReaderPool = readerPool,
): Promise<DocumentRead> {
  const read = (await pool.run(
    { task: 'read', bytes, maxPages: options.maxPages, archive: options.archive },
    options.limits,
    options.onProgress,
  )) as DocumentRead;
  return { ...read, keptImage: read.keptImage && { ...read.keptImage, data: asBuffer(read.keptImage.data) } };
}

/** A PDF page as PNG, rendered in a reader process ended past `limits`. */
export async function renderInReaderProcess(bytes: Buffer, page: number, limits: ReaderLimits, pool: ReaderPool = readerPool): Promise<Buffer> {
  return asBuffer((await pool.run({ task: 'render', bytes, page }, limits)) as Uint8Array);
}

/** A busy reader keeps the API's process running; an idle one does not (it goes with it). */
function holdOpen(child: ChildProcess, hold: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (hold) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A process's resident memory in MB (Linux: /proc; elsewhere 0, where only the heap limit holds). */
function residentMb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Calls `exceeded` once the process's resident memory passes `limitMb`. */
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
