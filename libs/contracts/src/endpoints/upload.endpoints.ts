import { z } from 'zod';
import { pagedSchema } from '../common.schema';
import { endpoint, fileResponse, idParams, pathId } from '../endpoint';
import {
  sourceDocumentSchema,
  UPLOAD_CONTENT_TYPES,
  uploadDetailSchema,
  uploadDiscardSchema,
  uploadListQuerySchema,
  uploadReprocessSchema,
  uploadRowSchema,
  uploadConfirmSchema,
  uploadValuesSchema,
} from '../uploads/upload.schema';

const smartUpload = { page: 'smart-upload' } as const;

/**
 * The upload agent (issue 15, domain.md D): a document is uploaded, read on the plant's server
 * (text layer, OCR, spreadsheet), proposed as a draft, reviewed and confirmed into the die shop's
 * records. Confirming also needs insert on the page of what it creates (DOCUMENT_TARGET_PAGES).
 */
export const uploadEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: 'upload',
    access: smartUpload,
    tag: 'uploads',
    summary:
      "Uploads a document (multipart `file`: PDF, PNG, JPEG, TIFF, XLSX or CSV, as its bytes say) within the company's upload limit (413 over it, 415 for another type); it is read in the background",
    upload: { field: 'file' },
    response: uploadDetailSchema,
  }),
  limit: endpoint({
    method: 'GET',
    path: 'upload/limit',
    access: smartUpload,
    tag: 'uploads',
    summary: "The company's upload limit in MB (the browser checks a file before sending it)",
    response: z.object({ upload_limit_mb: z.number().int() }),
  }),
  all: endpoint({
    method: 'GET',
    path: 'upload/all',
    access: smartUpload,
    tag: 'uploads',
    summary: "A page of the company's uploads: search by file, supplier or die; filter by state and type",
    query: uploadListQuerySchema,
    response: pagedSchema(uploadRowSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'upload/:id',
    access: smartUpload,
    tag: 'uploads',
    summary: 'An upload with its draft: the values read, their confidence and boxes, die candidates, links and audit',
    params: idParams,
    response: uploadDetailSchema,
  }),
  saveDraft: endpoint({
    method: 'PUT',
    path: 'upload/:id/draft',
    access: smartUpload,
    tag: 'uploads',
    summary: 'Keeps the values under review without saving any record (Guardar borrador)',
    params: idParams,
    body: uploadValuesSchema,
    response: uploadDetailSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: 'upload/:id/confirm',
    access: smartUpload,
    tag: 'uploads',
    summary: 'Creates or updates the records of the reviewed values in one transaction, links the file to them and records the audit',
    params: idParams,
    body: uploadConfirmSchema,
    response: uploadDetailSchema,
    status: 200,
  }),
  discard: endpoint({
    method: 'POST',
    path: 'upload/:id/discard',
    access: smartUpload,
    tag: 'uploads',
    summary: 'Discards the upload, with a reason',
    params: idParams,
    body: uploadDiscardSchema,
    response: uploadDetailSchema,
    status: 200,
  }),
  reprocess: endpoint({
    method: 'POST',
    path: 'upload/:id/reprocess',
    access: smartUpload,
    tag: 'uploads',
    summary: 'Reads the document again (with another type when given); the saved draft values are dropped',
    params: idParams,
    body: uploadReprocessSchema,
    response: uploadDetailSchema,
    status: 200,
  }),
  file: endpoint({
    method: 'GET',
    path: 'upload/:id/file',
    access: smartUpload,
    tag: 'uploads',
    summary: 'The original file, with its content type',
    params: idParams,
    response: fileResponse(Object.values(UPLOAD_CONTENT_TYPES), 'The original document'),
  }),
  page: endpoint({
    method: 'GET',
    path: 'upload/:id/page/:page',
    access: smartUpload,
    tag: 'uploads',
    summary: 'A page of the document as a PNG image (what the boxes of the review are drawn on)',
    params: z.object({ id: pathId, page: pathId }),
    response: fileResponse(['image/png'], 'The page as PNG'),
  }),
  dieSources: endpoint({
    method: 'GET',
    path: 'upload/sources/die/:id',
    access: { page: 'dies' },
    tag: 'uploads',
    summary: 'The confirmed documents a die copy came from or was updated by',
    params: idParams,
    response: z.array(sourceDocumentSchema),
  }),
  nitridingSources: endpoint({
    method: 'GET',
    path: 'upload/sources/nitriding-batch/:id',
    access: { page: 'die-nitriding' },
    tag: 'uploads',
    summary: 'The confirmed certificates a nitriding batch came from',
    params: idParams,
    response: z.array(sourceDocumentSchema),
  }),
};
