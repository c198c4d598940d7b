import { z } from 'zod';
import { listQuerySchema, nameText, safeText } from '../common.schema';
import { failureReportMessages } from '../maintenance/failure-report.schema';
import { messages } from '../messages';
import { dateMessages } from '../date-text';
import { withRules } from '../endpoint-errors';
import { DOCUMENT_TYPE_SPECS, DOCUMENT_TYPES, type DocumentFieldKind, type DocumentFieldSpec, type DocumentType } from './document-types';
import type { PageAlias } from '../pages';

/** subido → procesando → para revisar → confirmado / descartado / error (domain.md A3). */
export const UPLOAD_STATUSES = ['uploaded', 'processing', 'review', 'confirmed', 'discarded', 'error'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  uploaded: 'Subido',
  processing: 'Procesando',
  review: 'Para revisar',
  confirmed: 'Confirmado',
  discarded: 'Descartado',
  error: 'Error',
};

/** The files the agent reads, as their bytes say (never their names). */
export const UPLOAD_KINDS = ['pdf', 'png', 'jpeg', 'tiff', 'xlsx', 'csv'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** The media type each kind is kept and served as. */
export const UPLOAD_CONTENT_TYPES: Readonly<Record<UploadKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};
/** What the file picker offers (the server decides from the bytes). */
export const UPLOAD_ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.xlsx,.csv,application/pdf,image/png,image/jpeg,image/tiff';

/** The page whose insert grant confirming a document of each type needs (what it creates). */
export const DOCUMENT_TARGET_PAGES: Record<DocumentType, PageAlias> = {
  nitriding_certificate: 'die-nitriding',
  delivery_note: 'dies',
  die_drawing: 'dies',
  profile_drawing: 'dies',
  production_order: 'orders',
  die_inventory: 'dies',
};

/** A document is bounded so that one file cannot hold the agent (domain.md D4). */
export const UPLOAD_MAX_PAGES = 10;

export const uploadMessages = {
  /** Spec 5 and 8: the same refusal as every upload of the portal. */
  fileTooLarge: failureReportMessages.fileTooLarge,
  fileType: 'Solo se aceptan documentos PDF, imágenes PNG, JPEG o TIFF, hojas XLSX o archivos CSV',
  fileMissing: 'Elige un archivo',
  tooManyPages: (pages: number, max: number) => `El documento tiene ${pages} páginas; el máximo es ${max}`,
  notReviewable: 'El documento no está para revisar',
  alreadyClosed: 'El documento ya está confirmado o descartado',
  stillProcessing: 'El documento todavía se está leyendo',
  discardReason: 'Indica por qué se descarta',
  required: 'Completa este dato',
  number: 'Indica un número (con coma decimal)',
  integer: 'Indica un número entero',
  date: dateMessages.invalid('dd/mm/aaaa'),
  choice: 'Elige una opción de la lista',
  dieUnknown: (reference: string) => `La matriz ${reference} no está en el inventario`,
  dieExists: (reference: string) => `La matriz ${reference} ya existe`,
  dieReference: 'Indica la matriz como referencia-copia, por ejemplo 4521-2',
  rowsMissing: 'Añade al menos una fila',
  cannotConfirm: (page: string) => `No tienes permiso para crear registros en «${page}»`,
  duplicate: (date: string) => `Este documento ya se cargó el ${date}`,
} as const;

/** Progress of a document being read, to its uploader (live event `uploadProgress`). */
export const uploadProgressSchema = z.object({
  upload_id: z.number().int(),
  status: z.enum(UPLOAD_STATUSES),
  stage: z.enum(['queued', 'pdf', 'image', 'ocr', 'spreadsheet', 'extract', 'done', 'error']),
  /** 'Leyendo PDF', 'OCR página 2/3'. */
  label: z.string(),
  page: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  /** 0..1 */
  progress: z.number(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

export const textBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** A value the agent read, where, and how sure it is (0..1). */
export const extractedFieldSchema = z.object({
  key: z.string(),
  value: z.string().nullable(),
  confidence: z.number(),
  page: z.number().int().nullable(),
  box: textBoxSchema.nullable(),
  label: z.string().nullable(),
});
export type ExtractedFieldView = z.infer<typeof extractedFieldSchema>;

/** A catalogue die a read reference may be. */
export const dieCandidateSchema = z.object({ die_id: z.number().int(), label: z.string(), state: z.string(), score: z.number() });
export type DieCandidate = z.infer<typeof dieCandidateSchema>;

/** The values under review, as typed (header fields by key, table rows as objects); a cell read from a document may hold line breaks. */
const valueText = safeText({ multiline: true }).max(300, messages.tooLong(300)).nullable();
export const uploadValuesSchema = z.object({
  doc_type: z.enum(DOCUMENT_TYPES, { error: 'Elige el tipo de documento' }),
  fields: z.record(z.string().max(40), valueText),
  rows: z.array(z.record(z.string().max(40), valueText)).max(500),
});
export type UploadValues = z.infer<typeof uploadValuesSchema>;

/** What a value of each kind is refused with when it cannot be read as one (upload-values.ts). */
const KIND_MESSAGES: Record<DocumentFieldKind, readonly string[]> = {
  text: [],
  number: [uploadMessages.number],
  integer: [uploadMessages.integer],
  date: [uploadMessages.date],
  die: [uploadMessages.dieReference],
  choice: [uploadMessages.choice],
};
const fieldRules = (prefix: string, fields: readonly DocumentFieldSpec[]) =>
  fields.flatMap((field) =>
    [...(field.required ? [uploadMessages.required] : []), ...KIND_MESSAGES[field.kind]].map((message) => ({ field: `${prefix}${field.key}`, message })),
  );

/**
 * `POST /api/upload/:id/confirm`: the reviewed values, each checked against its document type's
 * fields (DOCUMENT_TYPE_SPECS): the refusals the OpenAPI document lists for it.
 */
export const uploadConfirmSchema = withRules(
  uploadValuesSchema,
  DOCUMENT_TYPES.flatMap((type) => {
    const spec = DOCUMENT_TYPE_SPECS[type];
    return [
      ...fieldRules('fields.', spec.fields),
      ...(spec.rows ? [{ field: 'rows', message: uploadMessages.rowsMissing }, ...fieldRules('rows.0.', spec.rows.fields)] : []),
    ];
  }).filter((rule, at, rules) => rules.findIndex((other) => other.field === rule.field && other.message === rule.message) === at),
);

export const uploadDiscardSchema = z.object({
  reason: nameText({ error: uploadMessages.discardReason, multiline: true }).min(3, uploadMessages.discardReason).max(300, messages.tooLong(300)),
});
export const uploadReprocessSchema = z.object({ doc_type: z.enum(DOCUMENT_TYPES).nullable().default(null) });

/** A record the confirmation created or updated, linked to the document. */
export const uploadLinkSchema = z.object({
  entity: z.enum(['die', 'nitriding_batch', 'profile', 'production_order']),
  entity_id: z.number().int(),
  label: z.string(),
  action: z.enum(['created', 'updated']),
});
export type UploadLink = z.infer<typeof uploadLinkSchema>;

/** Who confirmed which value, and which ones differ from what was read. */
export const uploadAuditEntrySchema = z.object({
  field_key: z.string(),
  row_index: z.number().int().nullable(),
  extracted: z.string().nullable(),
  confirmed: z.string().nullable(),
  corrected: z.boolean(),
  user_name: z.string(),
  at: z.string(),
});

export const uploadRowSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  status: z.enum(UPLOAD_STATUSES),
  doc_type: z.enum(DOCUMENT_TYPES).nullable(),
  supplier: z.string(),
  dies: z.string(),
  /** Mean confidence of the required values (0..1), null before reading. */
  confidence: z.number().nullable(),
  page_count: z.number().int().nullable(),
  uploaded_by_name: z.string(),
  uploaded_at: z.string(),
});
export type UploadRow = z.infer<typeof uploadRowSchema>;

export const uploadListQuerySchema = listQuerySchema.extend({
  status: z.enum(UPLOAD_STATUSES).optional(),
  doc_type: z.enum(DOCUMENT_TYPES).optional(),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;
export type UploadListQueryInput = z.input<typeof uploadListQuerySchema>;

export const uploadDetailSchema = uploadRowSchema.extend({
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** The type the agent proposed and how sure it was; `doc_type` is the one chosen. */
  proposed_type: z.enum(DOCUMENT_TYPES).nullable(),
  type_confidence: z.number().nullable(),
  error: z.string().nullable(),
  progress: uploadProgressSchema.nullable(),
  processing_ms: z.number().int().nullable(),
  /** Page sizes (points or pixels) for the boxes; an image per page at `upload/:id/page/:n`. */
  pages: z.array(z.object({ number: z.number().int(), width: z.number(), height: z.number(), ocr: z.boolean(), image: z.boolean() })),
  fields: z.array(extractedFieldSchema),
  rows: z.array(z.array(extractedFieldSchema)),
  /** Catalogue candidates for each die value: key `header` or the row index. */
  candidates: z.record(z.string(), z.array(dieCandidateSchema)),
  /** The values saved as a draft or confirmed (null: the extracted ones stand). */
  values: uploadValuesSchema.nullable(),
  duplicate_of: z.number().int().nullable(),
  confirmed_by_name: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  discard_reason: z.string().nullable(),
  links: z.array(uploadLinkSchema),
  audit: z.array(uploadAuditEntrySchema),
  upload_limit_mb: z.number().int(),
});
export type UploadDetail = z.infer<typeof uploadDetailSchema>;

/** The documents a record came from (the die summary, a nitriding batch). */
export const sourceDocumentSchema = z.object({
  upload_id: z.number().int(),
  file_name: z.string(),
  doc_type: z.enum(DOCUMENT_TYPES),
  /** The document's own number (certificate, delivery note), when it has one. */
  number: z.string(),
  confirmed_by_name: z.string(),
  confirmed_at: z.string(),
});
export type SourceDocument = z.infer<typeof sourceDocumentSchema>;
