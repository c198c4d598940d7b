import { z } from 'zod';
import { idSchema, isoDateTime, listQuerySchema, nameText, queryInteger, trimmedText } from '../common.schema';
import { messages } from '../messages';
import { FAILURE_REPORT_KINDS, FAILURE_REPORT_STATUSES, FAILURE_SEVERITIES, STOP_CAUSES, type FailureReportStatus } from '../maintenance.schema';

/** The Spanish texts of failure reports and stored files (API answers and screens alike). */
export const failureReportMessages = {
  /** Spec 2.4: a file over the company's upload limit (company.upload_limit_mb). */
  fileTooLarge: (mb: number) => `El tamaño máximo permitido es de ${mb}MB`,
  fileType: 'Solo se aceptan fotos JPEG, PNG o WebP',
  tooManyPhotos: (max: number) => `Se pueden adjuntar como máximo ${max} fotos`,
  machineOrArea: 'Elige la máquina o escribe el área',
  machineNotFound: 'La máquina no existe en esta empresa',
  kind: 'Elige si es una falla o un daño',
  severity: 'Elige la severidad',
  cause: 'Elige una causa de la lista',
  machineStopped: 'Indica si la máquina quedó detenida',
  rejectReason: 'Escribe el motivo del rechazo',
  notEditable: 'Solo se puede modificar un reporte nuevo o en revisión',
  notYours: 'Solo quien lo reportó o un jefe de mantenimiento puede modificar el reporte',
  illegalMove: (from: string, to: string) => `Un reporte ${from} no puede pasar a ${to}`,
  duplicateOfSelf: 'Un reporte no puede ser duplicado de sí mismo',
  duplicateOfMissing: 'El reporte original no existe en esta empresa',
  assigneeNotMember: 'La persona asignada no es un miembro activo de la empresa',
} as const;

/** How a report's state reads inside a sentence ('Un reporte aceptado no puede pasar a rechazado'). */
export const FAILURE_REPORT_STATUS_WORDS: Record<FailureReportStatus, string> = {
  new: 'nuevo',
  in_review: 'en revisión',
  accepted: 'aceptado',
  rejected: 'rechazado',
  duplicate: 'duplicado',
};

/** The moves a report may make: nuevo → en revisión → aceptado / rechazado / duplicado. */
export const FAILURE_REPORT_TRANSITIONS: Readonly<Record<FailureReportStatus, readonly FailureReportStatus[]>> = {
  new: ['in_review', 'accepted', 'rejected', 'duplicate'],
  in_review: ['accepted', 'rejected', 'duplicate'],
  accepted: [],
  rejected: [],
  duplicate: [],
};
/** States in which the reporter (or a lead) may still edit the report. */
export const EDITABLE_FAILURE_REPORT_STATUSES: readonly FailureReportStatus[] = ['new', 'in_review'];

/** Photo types accepted (checked on the bytes, not only on what the browser says). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
/** A document kept with a record (a drawing, a certificate): a PDF, or a photo of the paper. */
export const DOCUMENT_CONTENT_TYPES = [...PHOTO_CONTENT_TYPES, 'application/pdf'] as const;
/** At most this many photos in one report submission. */
export const MAX_REPORT_PHOTOS = 8;
/** The largest upload limit a company may set (company-admin.schema.ts: 1 to 100 MB). */
export const MAX_COMPANY_UPLOAD_LIMIT_MB = 100;

/** A stored file as the API answers it (`POST` answers, photo lists). */
export const storedFileSchema = z.object({
  id: z.number().int(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  url: z.string(),
});
export type StoredFileView = z.infer<typeof storedFileSchema>;

/** `GET /api/file/limit`: the active company's upload limit, for screens that refuse a large file at once. */
export const uploadLimitSchema = z.object({ upload_limit_mb: z.number().int() });

/** The address a stored file is read back from. */
export const fileUrl = (id: number) => `/api/file/${id}`;

/** A form field of a multipart request arrives as text: '12' → 12, 'true' → true, '' → nothing. */
const fromForm = (value: unknown) => {
  if (typeof value !== 'string') return value;
  if (value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d{1,10}$/.test(value) ? Number(value) : value;
};
const formId = z.preprocess(fromForm, idSchema.optional());
const formBoolean = (message: string) => z.preprocess(fromForm, z.boolean({ error: message }));

const reportFields = {
  machine_id: formId,
  area: z.preprocess(fromForm, trimmedText().max(120, messages.tooLong(120)).optional()),
  kind: z.enum(FAILURE_REPORT_KINDS, { error: failureReportMessages.kind }),
  severity: z.enum(FAILURE_SEVERITIES, { error: failureReportMessages.severity }),
  description: nameText({ error: messages.required, multiline: true }).min(1, messages.required).max(4000, messages.tooLong(4000)),
};

/**
 * `POST /api/failure-damage-report`: JSON, or multipart/form-data with the same fields and the
 * photos as `photos` (one request: the report and its photos are saved together or not at all).
 */
export const failureReportCreateSchema = z
  .object({
    ...reportFields,
    machine_stopped: formBoolean(failureReportMessages.machineStopped).default(false),
    /** The stop's cause when the machine stopped ('other' unless given). */
    cause: z.preprocess(fromForm, z.enum(STOP_CAUSES, { error: failureReportMessages.cause }).optional()),
  })
  .refine((report) => report.machine_id !== undefined || (report.area ?? '') !== '', { message: failureReportMessages.machineOrArea, path: ['machine_id'] });
export type FailureReportCreate = z.infer<typeof failureReportCreateSchema>;

/** `PATCH /api/failure-damage-report/:id` (while new or in review). */
export const failureReportPatchSchema = z.object({
  machine_id: idSchema.nullable().optional(),
  area: trimmedText().max(120, messages.tooLong(120)).optional(),
  kind: reportFields.kind.optional(),
  severity: reportFields.severity.optional(),
  description: reportFields.description.optional(),
});
export type FailureReportPatch = z.infer<typeof failureReportPatchSchema>;

export const failureReportAcceptSchema = z.object({ assignee_id: idSchema.nullable().optional() });
export const failureReportRejectSchema = z.object({
  reason: trimmedText({ error: failureReportMessages.rejectReason, multiline: true })
    .min(1, failureReportMessages.rejectReason)
    .max(1000, messages.tooLong(1000)),
});
export const failureReportDuplicateSchema = z.object({ of: idSchema });

const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/failure-damage-report/all`: newest first unless sorted otherwise. */
export const failureReportListQuerySchema = listQuerySchema.extend({
  status: z.enum(FAILURE_REPORT_STATUSES).optional(),
  kind: z.enum(FAILURE_REPORT_KINDS).optional(),
  severity: z.enum(FAILURE_SEVERITIES).optional(),
  machine_id: queryInteger().optional(),
  /** Only the caller's own reports. */
  mine: queryFlag.optional(),
});
export type FailureReportListQuery = z.infer<typeof failureReportListQuerySchema>;

/** A row of the list. */
export const failureReportRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  machine_id: z.number().int().nullable(),
  machine_name: z.string().nullable(),
  area: z.string(),
  line_id: z.number().int().nullable(),
  kind: z.enum(FAILURE_REPORT_KINDS),
  severity: z.enum(FAILURE_SEVERITIES),
  machine_stopped: z.boolean(),
  description: z.string(),
  status: z.enum(FAILURE_REPORT_STATUSES),
  reported_by: z.number().int().nullable(),
  reporter_name: z.string().nullable(),
  reported_at: isoDateTime,
  photo_count: z.number().int(),
  work_order_id: z.number().int().nullable(),
  work_order_number: z.string().nullable(),
});
export type FailureReportRow = z.infer<typeof failureReportRowSchema>;

export const failureReportPhotoSchema = z.object({ id: z.number().int(), file_id: z.number().int(), file_name: z.string(), url: z.string() });

/** `GET /api/failure-damage-report/:id` and the answer of every change. */
export const failureReportDetailSchema = failureReportRowSchema.extend({
  line_name: z.string().nullable(),
  photos: z.array(failureReportPhotoSchema),
  reviewed_by: z.number().int().nullable(),
  reviewer_name: z.string().nullable(),
  reviewed_at: isoDateTime.nullable(),
  rejection_reason: z.string(),
  duplicate_of_id: z.number().int().nullable(),
  duplicate_of_number: z.string().nullable(),
  stop: z
    .object({
      id: z.number().int(),
      started_at: isoDateTime,
      ended_at: isoDateTime.nullable(),
      cause: z.enum(STOP_CAUSES),
      work_order_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type FailureReportDetail = z.infer<typeof failureReportDetailSchema>;
