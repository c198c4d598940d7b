import { HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  messages,
  uploadMessages,
  type SourceDocument,
  type UploadDetail,
  type UploadListQuery,
  type UploadRow,
  type UploadValues,
  type DocumentType,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { sortColumn } from '../common/sort-column';
import { containsFoldedSql } from '../common/text-search';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { safeFileName } from '../files/file-name';
import { FilesService } from '../files/files.service';
import type { UploadedBuffer } from '../files/uploads';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { renderPageImage } from './document-agent';
import { sniffDocument } from './reading/file-sniffer';
import type { PageImage } from './reading/document-reader';
import { UPLOAD_DETAIL_COLUMNS, UPLOAD_DETAIL_FROM, UPLOAD_FROM, UPLOAD_ROW_COLUMNS, UPLOAD_SORTS } from './upload.queries';
import { UploadWorker } from './upload-worker.service';

/** The stored bytes of an upload. */
export interface UploadFile {
  content_type: string;
  sha256: string;
  data: Buffer;
  file_name: string;
  kind: string;
}

/**
 * The upload agent's documents (issue 15): received here (size and real type checked, the bytes
 * kept once per content), read by the worker of whichever API process claims them, reviewed and
 * confirmed (UploadConfirmService). Nothing here touches the die shop's records.
 */
@Injectable()
export class UploadService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly files: FilesService,
    private readonly worker: UploadWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Keeps the file and queues it: over the company's limit 413, a type the agent cannot read 415
   * (from the bytes; the name and declared type are not trusted). The same content uploaded again
   * while its upload is alive answers that upload (`duplicate_of`).
   */
  async upload(caller: RequestIdentity, file: UploadedBuffer | undefined): Promise<UploadDetail> {
    if (!file || file.buffer.length === 0) throw fieldError('file', uploadMessages.fileMissing);
    const outcome = await this.tenantDb.transaction(async (scope) => {
      const limit = await this.files.limitMb(scope);
      if (file.buffer.length > limit * 1024 * 1024) throw fieldError('file', uploadMessages.fileTooLarge(limit), HttpStatus.PAYLOAD_TOO_LARGE);
      const sniffed = sniffDocument(file.buffer);
      if (!sniffed) throw fieldError('file', uploadMessages.fileType, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
      const stored = await this.files.keep(scope, file.buffer, sniffed.contentType);
      // One upload at a time per content: a second one waits for the first to commit.
      await scope.manager.query(`select pg_advisory_xact_lock(hashtext('document_upload'), $1)`, [stored.id]);
      const [alive]: { id: number }[] = await scope.manager.query(
        `select id from document_upload where company_id = $1 and file_id = $2 and status not in ('discarded', 'error') order by id limit 1`,
        [scope.companyId, stored.id],
      );
      if (alive) return { id: alive.id, duplicate: true };
      const [{ id }] = await scope.manager.query(
        `insert into document_upload (company_id, file_id, file_name, kind, uploaded_by, search_text, progress)
         values ($1, $2, $3::varchar, $4, $5, $3::varchar, $6) returning id`,
        [scope.companyId, stored.id, safeFileName(file.originalname, sniffed.contentType), sniffed.kind, caller.userId, JSON.stringify(queued(0))],
      );
      // The queued progress names its upload, known once inserted.
      await scope.manager.query(`update document_upload set progress = jsonb_set(progress, '{upload_id}', to_jsonb(id)) where id = $1`, [id]);
      return { id: id as number, duplicate: false };
    });
    if (!outcome.duplicate) this.worker.kick();
    const detail = await this.get(outcome.id);
    return { ...detail, duplicate_of: outcome.duplicate ? outcome.id : null };
  }

  async limit(): Promise<{ upload_limit_mb: number }> {
    return { upload_limit_mb: await this.tenantDb.transaction((scope) => this.files.limitMb(scope)) };
  }

  list(query: UploadListQuery): Promise<PageOf<UploadRow>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['u.company_id = $1'];
      if (query.status) where.push(`u.status = ${bind(query.status)}`);
      if (query.doc_type) where.push(`u.doc_type = ${bind(query.doc_type)}`);
      if (query.search)
        where.push(containsFoldedSql(['u.file_name', 'u.supplier', 'u.dies', 'u.search_text', "coalesce(uploader.display_name, '')"], bind(query.search)));
      const column = sortColumn(UPLOAD_SORTS, query.sort, null);
      const order = column ? `${column} ${query.direction === 'desc' ? 'desc' : 'asc'} nulls last, u.id desc` : 'u.uploaded_at desc, u.id desc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${UPLOAD_FROM} where ${where.join(' and ')}`, params);
      const items: UploadRow[] = await scope.manager.query(
        `${UPLOAD_ROW_COLUMNS} ${UPLOAD_FROM} where ${where.join(' and ')} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<UploadDetail> {
    return this.tenantDb.transaction((scope) => uploadDetail(scope, id, this.files));
  }

  /** Guardar borrador: the values as typed, kept on the upload; nothing else changes. */
  saveDraft(id: number, values: UploadValues): Promise<UploadDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const upload = await lockUpload(scope, id);
      assertReviewable(upload.status);
      await scope.manager.query(`update document_upload set "values" = $2, doc_type = $3 where id = $1`, [id, JSON.stringify(values), values.doc_type]);
      return uploadDetail(scope, id, this.files);
    });
  }

  /** Descartar, with a reason; a discarded upload no longer counts as the file's upload. */
  discard(caller: RequestIdentity, id: number, reason: string): Promise<UploadDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const upload = await lockUpload(scope, id);
      if (upload.status === 'confirmed' || upload.status === 'discarded') throw fieldError('status', uploadMessages.alreadyClosed, HttpStatus.CONFLICT);
      await scope.manager.query(
        `update document_upload set status = 'discarded', discarded_by = $2, discarded_at = now(), discard_reason = $3, progress = null where id = $1`,
        [id, caller.userId, reason],
      );
      return uploadDetail(scope, id, this.files);
    });
  }

  /**
   * Reprocesar: with a type chosen, the text already read is extracted again as that type (no
   * second OCR); without one, the file is read again from the start.
   */
  async reprocess(id: number, docType: DocumentType | null): Promise<UploadDetail> {
    await this.tenantDb.transaction(async (scope) => {
      const upload = await lockUpload(scope, id);
      if (upload.status === 'confirmed' || upload.status === 'discarded') throw fieldError('status', uploadMessages.alreadyClosed, HttpStatus.CONFLICT);
      if (upload.status === 'processing' || upload.status === 'uploaded') throw fieldError('status', uploadMessages.stillProcessing, HttpStatus.CONFLICT);
      await scope.manager.query(
        `update document_upload set status = 'uploaded', requested_type = $2, "values" = null, error = null, attempts = 0, progress = $3,
                text = case when $2::varchar is null then null else text end
          where id = $1`,
        [id, docType, JSON.stringify(queued(id))],
      );
    });
    this.worker.kick();
    return this.get(id);
  }

  file(id: number): Promise<UploadFile> {
    return this.tenantDb.transaction(async (scope) => {
      const [file]: UploadFile[] = await scope.manager.query(
        `select f.content_type, f.sha256, f.data, u.file_name, u.kind from document_upload u join stored_file f on f.id = u.file_id
          where u.company_id = $1 and u.id = $2`,
        [scope.companyId, id],
      );
      if (!file) throw new NotFoundException(messages.notFound);
      return file;
    });
  }

  /** A page image for the review's boxes: a PDF's page rendered, a photo as it is, a TIFF as reading kept it. */
  async page(id: number, page: number): Promise<PageImage> {
    const file = await this.file(id);
    const kept = await this.tenantDb.transaction(async (scope) => {
      const [row]: { data: Buffer; content_type: string }[] = await scope.manager.query(
        `select f.data, f.content_type from document_upload u, jsonb_array_elements(u.pages) page join stored_file f on f.id = (page->>'image_file_id')::int
          where u.id = $1 and u.company_id = $2 and (page->>'number')::int = $3 and f.company_id = $2`,
        [id, scope.companyId, page],
      );
      return row ? { contentType: row.content_type as PageImage['contentType'], data: row.data } : null;
    });
    const limits = { timeoutMs: this.config.uploads.pageTimeoutMs, memoryMb: this.config.uploads.readerMemoryMb };
    const image = kept ?? (await renderPageImage(file.data, file.kind, page, limits).catch(() => null));
    if (!image) throw new NotFoundException(messages.notFound);
    return image;
  }

  /** The confirmed documents linked to a record (die summary, nitriding batch). */
  sources(entity: 'die' | 'nitriding_batch', id: number): Promise<SourceDocument[]> {
    return this.tenantDb.transaction(async (scope) =>
      scope.manager.query(
        `select distinct on (u.id) u.id as upload_id, u.file_name, u.doc_type,
                coalesce(u."values"->'fields'->>'certificate_number', u."values"->'fields'->>'note_number', u."values"->'fields'->>'order_number', '') as number,
                coalesce(confirmer.display_name, '') as confirmed_by_name, to_json(u.confirmed_at) #>> '{}' as confirmed_at
           from document_upload_link l join document_upload u on u.id = l.upload_id left join app_user confirmer on confirmer.id = u.confirmed_by
          where l.company_id = $1 and l.entity = $2 and l.entity_id = $3 and u.status = 'confirmed'
          order by u.id desc`,
        [scope.companyId, entity, id],
      ),
    );
  }
}

/** The first progress of a queued document. */
export const queued = (uploadId: number) => ({
  upload_id: uploadId,
  status: 'uploaded',
  stage: 'queued',
  label: 'En cola',
  page: null,
  pages: null,
  progress: 0,
});

export async function lockUpload(scope: TenantScope, id: number): Promise<{ id: number; status: string; uploaded_by: number | null }> {
  const [upload] = await scope.manager.query(`select id, status, uploaded_by from document_upload where id = $1 and company_id = $2 for update`, [
    id,
    scope.companyId,
  ]);
  if (!upload) throw new NotFoundException(messages.notFound);
  return upload;
}

export function assertReviewable(status: string): void {
  if (status === 'confirmed' || status === 'discarded') throw fieldError('status', uploadMessages.alreadyClosed, HttpStatus.CONFLICT);
  if (status !== 'review') throw fieldError('status', uploadMessages.notReviewable, HttpStatus.CONFLICT);
}

interface DetailRecord extends Omit<UploadDetail, 'fields' | 'rows' | 'links' | 'audit' | 'upload_limit_mb' | 'duplicate_of'> {
  draft: { fields: UploadDetail['fields']; rows: UploadDetail['rows'] } | null;
  uploaded_by: number | null;
  text: unknown;
}

/** The detail of an upload of the scope's company (what the review screen shows). */
export async function uploadDetail(scope: TenantScope, id: number, files: FilesService): Promise<UploadDetail> {
  const [row]: DetailRecord[] = await scope.manager.query(`${UPLOAD_DETAIL_COLUMNS} ${UPLOAD_DETAIL_FROM} where u.company_id = $1 and u.id = $2`, [
    scope.companyId,
    id,
  ]);
  if (!row) throw new NotFoundException(messages.notFound);
  const links = await scope.manager.query(`select entity, entity_id, label, action from document_upload_link where upload_id = $1 order by id`, [id]);
  const audit = await scope.manager.query(
    `select a.field_key, a.row_index, a.extracted, a.confirmed, a.corrected, coalesce(p.display_name, '') as user_name, to_json(a.at) #>> '{}' as at
       from document_upload_audit a left join app_user p on p.id = a.user_id where a.upload_id = $1 order by a.corrected desc, a.row_index nulls first, a.id`,
    [id],
  );
  const { draft, uploaded_by: _uploadedBy, text: _text, ...rest } = row;
  return {
    ...rest,
    size_bytes: Number(rest.size_bytes),
    fields: draft?.fields ?? [],
    rows: draft?.rows ?? [],
    links,
    audit,
    duplicate_of: null,
    upload_limit_mb: await files.limitMb(scope),
  };
}
