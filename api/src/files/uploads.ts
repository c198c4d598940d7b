import { FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import { MAX_COMPANY_UPLOAD_LIMIT_MB, MAX_REPORT_PHOTOS } from '@planta/contracts';

/** A file as multer hands it over (memory storage): FilesService stores it. */
export interface UploadedBuffer {
  buffer: Buffer;
  originalname: string;
  mimetype: string;
}

/**
 * Multer keeps uploads in memory up to just above the largest limit a company may set; the
 * company's own limit is checked by FilesService (with its Spanish message, on the field).
 */
const memoryLimit = MAX_COMPANY_UPLOAD_LIMIT_MB * 1024 * 1024 + 1;

/** The `photos` of a record: one more file than allowed is kept so the service can refuse it by name. */
export const photosUpload = () => FilesInterceptor('photos', MAX_REPORT_PHOTOS + 1, { limits: { fileSize: memoryLimit } });

/** One document in `file` (a certificate, a drawing). */
export const documentUpload = () => FileInterceptor('file', { limits: { fileSize: memoryLimit, files: 1 } });
