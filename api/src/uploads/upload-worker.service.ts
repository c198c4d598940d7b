import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { liveEvents, UPLOAD_MAX_PAGES, type DocumentType, type UploadProgress } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FilesService } from '../files/files.service';
import { RealtimeService } from '../realtime/realtime.service';
import { TenantDb } from '../tenancy/tenant-db.service';
import { analyseDocument, isRefusal, readUpload, type PageInfo, type ReadProgress } from './document-agent';
import type { DocumentText } from './document-text';
import { readerPool } from './reading/reader-process';
import { UploadLearning } from './upload-learning.service';

/** A document claimed by a process that then died is claimed again after this long. */
const STALE_AFTER = '10 minutes';
/** A document that failed to be read this many times is left in error. */
const MAX_ATTEMPTS = 3;

interface Job {
  id: number;
  company_id: number;
  file_id: number;
  kind: string;
  attempts: number;
  uploaded_by: number | null;
  requested_type: DocumentType | null;
  has_text: boolean;
}

/**
 * Reads uploaded documents, one at a time per process (OCR takes a core). A document is claimed
 * with `FOR UPDATE SKIP LOCKED` in a system transaction, so with several API processes each is
 * read once; a claim left by a process that died is taken again after STALE_AFTER. Progress goes
 * to the uploader's sockets and to the row (for the list and a reload).
 */
@Injectable()
export class UploadWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UploadWorker');
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
    private readonly learning: UploadLearning,
    private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.uploads.pollIntervalMs;
    // Documents left waiting by a restart are read now.
    this.kick();
    if (every <= 0) return;
    this.timer = setInterval(() => this.kick(), every);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
    // The reader processes kept warm for the next document go with the API.
    await readerPool.close();
  }

  /** Reads whatever waits (now, in this process); returns when the queue is empty. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.error(`Upload queue failed: ${String(error)}`))
      .finally(() => {
        this.draining = null;
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (let job = await this.claim(); job && !this.stopped; job = await this.claim()) await this.process(job);
    } while (this.again && !this.stopped);
  }

  private async claim(): Promise<Job | null> {
    const [job]: Job[] = await this.tenantDb.system((manager) =>
      manager.query(
        `with claimed as (
           update document_upload u set status = 'processing', attempts = attempts + 1, processing_started_at = now(), error = null
            where u.id = (select id from document_upload
                           where status = 'uploaded' or (status = 'processing' and processing_started_at < now() - interval '${STALE_AFTER}')
                           order by id limit 1 for update skip locked)
            returning u.id, u.company_id, u.file_id, u.kind, u.attempts, u.uploaded_by, u.requested_type, u.text is not null as has_text)
         select * from claimed`,
      ),
    );
    return job ?? null;
  }

  private async process(job: Job): Promise<void> {
    const started = Date.now();
    const tell = (progress: Omit<UploadProgress, 'upload_id' | 'status'>, status: UploadProgress['status'] = 'processing') => {
      const payload: UploadProgress = { upload_id: job.id, status, ...progress };
      if (job.uploaded_by) this.realtime.toUser(job.uploaded_by, liveEvents.uploadProgress, payload, job.company_id);
      return payload;
    };
    try {
      if (job.attempts > MAX_ATTEMPTS) throw new ReadFailure('No se pudo leer el documento después de varios intentos');
      const text = job.has_text && job.requested_type ? await this.storedText(job) : await this.read(job, tell);
      tell({ stage: 'extract', label: 'Extrayendo datos', page: null, pages: null, progress: 1 });
      await this.tenantDb.transaction(async (scope) => {
        const kept = 'keptImage' in text ? text.keptImage : null;
        if (kept) text.pages[0].image_file_id = (await this.files.keep(scope, kept.data, kept.contentType)).id;
        const context = await this.learning.context(scope);
        const analysis = analyseDocument(text.text, { requestedType: job.requested_type, ...context });
        const done = tell({ stage: 'done', label: 'Listo para revisar', page: null, pages: null, progress: 1 }, 'review');
        await scope.manager.query(
          `update document_upload set status = 'review', text = $2, pages = $3, page_count = $4, doc_type = $5, proposed_type = $6,
                  type_confidence = $7, confidence = $8, supplier = $9, dies = $10, draft = $11, candidates = $12, progress = $13,
                  processing_ms = $14, search_text = file_name || ' ' || $15
            where id = $1 and status = 'processing'`,
          [
            job.id,
            JSON.stringify(text.text),
            JSON.stringify(text.pages),
            text.text.pages.length,
            analysis.docType,
            analysis.proposedType,
            analysis.typeConfidence,
            analysis.confidence,
            analysis.supplier.slice(0, 120),
            analysis.dies.slice(0, 300),
            JSON.stringify({ fields: analysis.fields, rows: analysis.rows }),
            JSON.stringify(analysis.candidates),
            JSON.stringify(done),
            Date.now() - started,
            analysis.searchText.slice(0, 2000),
          ],
        );
      }, job.company_id);
    } catch (error) {
      const message = error instanceof ReadFailure || isRefusal(error) ? (error as Error).message : 'No se pudo leer el documento';
      if (!(error instanceof ReadFailure) && !isRefusal(error)) this.logger.error(`Upload ${job.id} failed: ${String(error)}`);
      const failed = tell({ stage: 'error', label: message, page: null, pages: null, progress: 1 }, 'error');
      await this.tenantDb
        .transaction(
          (scope) =>
            scope.manager.query(
              `update document_upload set status = 'error', error = $2, progress = $3, processing_ms = $4 where id = $1 and status = 'processing'`,
              [job.id, message.slice(0, 300), JSON.stringify(failed), Date.now() - started],
            ),
          job.company_id,
        )
        .catch((saveError: unknown) => this.logger.error(`Upload ${job.id}: ${String(saveError)}`));
    }
  }

  /** Reads the file: text layer, OCR or spreadsheet, in a reader process bounded in pages, time and memory. */
  private async read(job: Job, tell: (progress: Omit<UploadProgress, 'upload_id' | 'status'>) => UploadProgress) {
    const [file]: { data: Buffer }[] = await this.tenantDb.transaction(
      (scope) => scope.manager.query(`select data from stored_file where id = $1 and company_id = $2`, [job.file_id, job.company_id]),
      job.company_id,
    );
    if (!file) throw new ReadFailure('El archivo del documento ya no existe');
    let lastSaved = '';
    const onProgress = (progress: ReadProgress) => {
      const payload = tell(progress);
      // The row keeps each stage and page (not every OCR tick) for the list and a reload.
      const key = `${progress.stage}:${progress.page ?? ''}`;
      if (key === lastSaved) return;
      lastSaved = key;
      void this.tenantDb
        .transaction(
          (scope) => scope.manager.query(`update document_upload set progress = $2 where id = $1 and status = 'processing'`, [job.id, JSON.stringify(payload)]),
          job.company_id,
        )
        .catch(() => undefined);
    };
    const { archive, jobTimeoutMs, readerMemoryMb } = this.config.uploads;
    return readUpload(file.data, { maxPages: UPLOAD_MAX_PAGES, archive, limits: { timeoutMs: jobTimeoutMs, memoryMb: readerMemoryMb }, onProgress });
  }

  /** The text read before (a new type was chosen): only the extraction runs again. */
  private async storedText(job: Job) {
    const [row]: { text: DocumentText; pages: PageInfo[] }[] = await this.tenantDb.transaction(
      (scope) => scope.manager.query(`select text, pages from document_upload where id = $1`, [job.id]),
      job.company_id,
    );
    return { text: row.text, pages: row.pages, keptImage: null };
  }
}

/** A document the agent could not read, with the reason to show. */
class ReadFailure extends Error {}
