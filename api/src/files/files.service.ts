import { createHash } from 'node:crypto';
import { ForbiddenException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { DOCUMENT_CONTENT_TYPES, failureReportMessages, fileUrl, messages, PHOTO_CONTENT_TYPES, type StoredFileView } from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { heldGrantsSql } from '../permissions/held-grants';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { safeFileName } from './file-name';
import { sniffImageType } from './image-type';

/** What a stored file is read back as. */
export interface StoredFileContent {
  content_type: string;
  sha256: string;
  data: Buffer;
}

/**
 * Pages whose records show stored files, and the SQL that finds a record of that page using the
 * file `$2` (company `$1`): whoever may read such a record may read the file. Work-order
 * attachments add their page here.
 */
const FILE_USES: { page: string; sql: string }[] = [
  { page: 'failure-damage-report', sql: `select 1 from failure_report_photo where company_id = $1 and file_id = $2` },
  { page: 'corrective-maintenance', sql: `select 1 from work_order_attachment where company_id = $1 and file_id = $2` },
  { page: 'maintenance-board', sql: `select 1 from work_order_attachment where company_id = $1 and file_id = $2` },
  { page: 'die-cleaning', sql: `select 1 from die_cleaning_photo where company_id = $1 and file_id = $2` },
  { page: 'die-nitriding', sql: `select 1 from nitriding_batch where company_id = $1 and certificate_file_id = $2` },
  { page: 'dies', sql: `select 1 from profile where company_id = $1 and drawing_file_id = $2` },
  // The originals of the upload agent's documents (issue 15).
  { page: 'smart-upload', sql: `select 1 from document_upload where company_id = $1 and file_id = $2` },
  // The drawing under a correction's canvas (issue 14).
  {
    page: 'correction-records',
    sql: `select 1 from correction_record c join die d on d.id = c.die_id join profile p on p.id = d.profile_id where c.company_id = $1 and p.drawing_file_id = $2`,
  },
];

/** What a stored file may be: a photo, or a document (a PDF, or a photo of the paper: certificates). */
export interface StoreKind {
  documents: boolean;
  /** The refusal of any other content. */
  typeMessage: string;
}
const PHOTOS: StoreKind = { documents: false, typeMessage: failureReportMessages.fileType };

/**
 * Files of a company (photos, attachments): stored once per content (sha256), bounded by the
 * company's upload limit, and read back only by its members who may see a record that uses them.
 */
@Injectable()
export class FilesService {
  constructor(private readonly tenantDb: TenantDb) {}

  /** The company's upload limit, MB (company.upload_limit_mb, 2 unless an administrator changed it). */
  async limitMb(scope: TenantScope): Promise<number> {
    const [company]: { upload_limit_mb: number }[] = await scope.manager.query(`select upload_limit_mb from company where id = $1`, [scope.companyId]);
    return company?.upload_limit_mb ?? 2;
  }

  /**
   * Stores a photo in the scope's transaction (so it is kept only if the record using it is):
   * refused over the company's limit (413) or when its bytes are no JPEG, PNG or WebP, whatever
   * its name or declared type say (400). The same content twice is the same file.
   */
  async store(
    scope: TenantScope,
    buffer: Buffer,
    fileName: string,
    declaredType = '',
    field = 'photos',
    kind: StoreKind = PHOTOS,
  ): Promise<StoredFileView & { file_name: string }> {
    const limit = await this.limitMb(scope);
    if (buffer.length > limit * 1024 * 1024) throw fieldError(field, failureReportMessages.fileTooLarge(limit), HttpStatus.PAYLOAD_TOO_LARGE);
    const contentType = sniffImageType(buffer) ?? (kind.documents && isPdf(buffer) ? 'application/pdf' : null);
    const declared = declaredType.split(';')[0].trim().toLowerCase();
    const declarable: readonly string[] = kind.documents ? DOCUMENT_CONTENT_TYPES : PHOTO_CONTENT_TYPES;
    if (!contentType || (declared !== '' && declared !== 'application/octet-stream' && !declarable.includes(declared)))
      throw fieldError(field, kind.typeMessage);
    return { ...(await this.keep(scope, buffer, contentType)), file_name: safeFileName(fileName, contentType) };
  }

  /** Keeps checked bytes once per content in the company (the same content twice is the same file). */
  async keep(scope: TenantScope, buffer: Buffer, contentType: string): Promise<StoredFileView> {
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    await scope.manager.query(
      `insert into stored_file (company_id, sha256, content_type, size_bytes, data) values ($1, $2, $3, $4, $5)
       on conflict (company_id, sha256) do nothing`,
      [scope.companyId, sha256, contentType, buffer.length, buffer],
    );
    const [row]: { id: number; content_type: string; size_bytes: number }[] = await scope.manager.query(
      `select id, content_type, size_bytes from stored_file where company_id = $1 and sha256 = $2`,
      [scope.companyId, sha256],
    );
    return { id: row.id, content_type: row.content_type, size_bytes: row.size_bytes, sha256, url: fileUrl(row.id) };
  }

  /** A file of the active company for a caller who may read a record using it; another company's is not found. */
  read(identity: RequestIdentity, id: number): Promise<StoredFileContent> {
    return this.tenantDb.transaction(async (scope) => {
      const [file]: StoredFileContent[] = await scope.manager.query(`select content_type, sha256, data from stored_file where company_id = $1 and id = $2`, [
        scope.companyId,
        id,
      ]);
      if (!file) throw new NotFoundException(messages.notFound);
      const uses = FILE_USES.map(
        (use) =>
          `(exists (${use.sql}) and exists (select 1 from (${heldGrantsSql('$1', '$3')}) held join page on page.id = held.page_id where page.alias = '${use.page}' and held.read))`,
      ).join(' or ');
      const [{ allowed }]: { allowed: boolean }[] = await scope.manager.query(`select ${uses} as allowed`, [scope.companyId, id, identity.userId]);
      if (!allowed) throw new ForbiddenException(messages.forbidden);
      return file;
    });
  }
}

/** A PDF starts with `%PDF-` (its header may follow up to 1 KB of other bytes, but producers write it first). */
const isPdf = (bytes: Buffer) => bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';
