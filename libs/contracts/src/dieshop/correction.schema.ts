import { z } from 'zod';
import { bodyInteger, isoDateTime, listQuerySchema, nameText, queryInteger, safeText, trimmedText } from '../common.schema';
import { DIE_STATES } from '../dieshop.schema';
import { messages } from '../messages';
import { correctionCanvasSchema } from './correction-canvas.schema';
import { withinTolerance } from './profile.schema';

/**
 * Die corrections (issue 14, domain.md A2.2 and A2.4, C item 3): the non-conformity record of one
 * die copy (`correction_record`, the notifications' `hypothalum_id`), the corrector's attempts
 * (`correction_report`), their discussions, the two boards and the automatic draft from the
 * 10-minute checks. The vocabulary, the rules of the moves and the Spanish texts are written here
 * once, for the database's checks, the API and the screens.
 */

// ------------------------------------------------------------------------------ vocabulary

/** The record's life: draft (automatic) → reported → analysis → assigned → in correction → in trial → closed; side exits discarded and scrapped. */
export const CORRECTION_STATUSES = ['draft', 'reported', 'analysis', 'assigned', 'in_correction', 'in_trial', 'closed', 'discarded', 'scrapped'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const CORRECTION_STATUS_LABELS: Record<CorrectionStatus, string> = {
  draft: 'Borrador',
  reported: 'Reportada',
  analysis: 'En análisis',
  assigned: 'Asignada',
  in_correction: 'En corrección',
  in_trial: 'En prueba',
  closed: 'Cerrada (eficaz)',
  discarded: 'Descartada',
  scrapped: 'Matriz de baja',
};

/** The correction board's columns; drafts show in 'Reportada' with a 'Borrador' badge. */
export const CORRECTION_BOARD_COLUMNS = [
  'reported',
  'analysis',
  'assigned',
  'in_correction',
  'in_trial',
  'closed',
] as const satisfies readonly CorrectionStatus[];
export type CorrectionBoardColumn = (typeof CORRECTION_BOARD_COLUMNS)[number];

/** The column a record's card is shown in (null: not on the board). */
export const correctionBoardColumnOf = (status: CorrectionStatus): CorrectionBoardColumn | null =>
  status === 'draft' ? 'reported' : (CORRECTION_BOARD_COLUMNS as readonly string[]).includes(status) ? (status as CorrectionBoardColumn) : null;

/** A record still being worked: the die has an open correction (enlistment guard, automatic draft). */
export const OPEN_CORRECTION_STATUSES = [
  'draft',
  'reported',
  'analysis',
  'assigned',
  'in_correction',
  'in_trial',
] as const satisfies readonly CorrectionStatus[];
export const isOpenCorrection = (status: CorrectionStatus) => (OPEN_CORRECTION_STATUSES as readonly string[]).includes(status);

/** The board's moves (domain.md A2.2); the guards of `whyNotMoveCorrection` come on top. */
export const CORRECTION_TRANSITIONS: Readonly<Record<CorrectionStatus, readonly CorrectionStatus[]>> = {
  // A draft is confirmed by taking it on: reported, straight to analysis, or assigned.
  draft: ['reported', 'analysis', 'assigned', 'discarded'],
  reported: ['analysis', 'assigned', 'discarded'],
  analysis: ['reported', 'assigned', 'discarded'],
  assigned: ['analysis', 'in_correction'],
  in_correction: ['assigned', 'in_trial'],
  in_trial: ['in_correction', 'closed'],
  closed: [],
  discarded: [],
  scrapped: [],
};

export const CORRECTION_ORIGINS = ['press', 'quality', 'customer', 'trial', 'cleaning'] as const;
export type CorrectionOrigin = (typeof CORRECTION_ORIGINS)[number];
export const CORRECTION_ORIGIN_LABELS: Record<CorrectionOrigin, string> = {
  press: 'Prensa',
  quality: 'Calidad',
  customer: 'Cliente',
  trial: 'Prueba',
  cleaning: 'Limpieza',
};

export const CORRECTION_SEVERITIES = ['minor', 'major', 'critical'] as const;
export type CorrectionSeverity = (typeof CORRECTION_SEVERITIES)[number];
export const CORRECTION_SEVERITY_LABELS: Record<CorrectionSeverity, string> = { minor: 'Menor', major: 'Mayor', critical: 'Crítica' };

export const CORRECTION_EFFECTIVENESS = ['pending', 'effective', 'not_effective'] as const;
export type CorrectionEffectiveness = (typeof CORRECTION_EFFECTIVENESS)[number];
export const CORRECTION_EFFECTIVENESS_LABELS: Record<CorrectionEffectiveness, string> = {
  pending: 'Pendiente',
  effective: 'Eficaz',
  not_effective: 'No eficaz',
};

export const TRIAL_RESULTS = ['pending', 'approved', 'rejected'] as const;
export type TrialResult = (typeof TRIAL_RESULTS)[number];
export const TRIAL_RESULT_LABELS: Record<TrialResult, string> = { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada' };

/** Company settings of the corrections (domain.md E): how many out-of-tolerance checks of one run open a draft. */
export const CORRECTION_DEFAULTS = { draftAfter: 3, maxDraftAfter: 50 } as const;

/** The counter kind of `next_document_number`: NC-2026-0007. */
export const CORRECTION_NUMBER_KIND = 'NC';

/** A record's number: per company and year ('NC-2026-0007'). */
export const correctionNumber = (year: number, sequence: number) => `${CORRECTION_NUMBER_KIND}-${year}-${String(sequence).padStart(4, '0')}`;

/**
 * The report's route path below `/apps/correction-report/` (the notifications' `correction_report_path`):
 * `:id/:correctionId`, the report's id then its record's.
 */
export const correctionReportPath = (report: { id: number; correction_record_id: number }) => `${report.id}/${report.correction_record_id}`;

/**
 * The drawing under a record's canvas, readable by whoever may read the record or the report,
 * a share-link guest included (`/api/file/:id` is for members only).
 */
export const correctionDrawingUrl = (resource: 'correction-record' | 'correction-report', id: number) => `/api/${resource}/${id}/drawing`;

/** The pages a notification link opens (spec 2.2). */
export const correctionRecordRoute = (id: number) => `/apps/correction-record/${id}`;
export const correctionReportRoute = (report: { id: number; correction_record_id: number }) => `/apps/correction-report/${correctionReportPath(report)}`;

// ------------------------------------------------------------------------------ texts

/** The Spanish refusals the API answers with (shown as the field's error or the board's message). */
export const correctionMessages = {
  notFound: 'La corrección no existe',
  dieMissing: 'Elige una matriz de la empresa',
  dieScrapped: 'La matriz está dada de baja: no se puede abrir una corrección',
  origin: 'Elige el origen',
  severity: 'Elige la gravedad',
  description: 'Describe la no conformidad',
  defectMissing: 'El defecto elegido no existe',
  operationMissing: 'La operación elegida no existe',
  runMissing: 'La corrida elegida no es de esta matriz',
  trialRunMissing: 'La corrida de prueba elegida no es de esta matriz',
  correctorNotMember: 'El corrector elegido no es miembro activo de la empresa',
  millimetres: 'Indica la medida en mm, un número entre 0 y 10000',
  tolerance: 'La tolerancia es un número de milímetros igual o mayor que 0',
  hours: 'Las horas son un número entre 0 y 1000',
  dueAt: 'La fecha límite no es válida',
  tooManyOperations: 'Un intento admite como máximo 30 operaciones',
  illegalMove: (from: CorrectionStatus, to: CorrectionStatus) => `No se puede pasar de «${CORRECTION_STATUS_LABELS[from]}» a «${CORRECTION_STATUS_LABELS[to]}»`,
  finished: (status: CorrectionStatus) => `La corrección está «${CORRECTION_STATUS_LABELS[status]}»: ya no cambia`,
  assignFirst: 'Asigna un corrector antes de pasarla a Asignada',
  dieMentionMissing: 'La matriz mencionada no es de la empresa',
  keepCorrector: 'Una corrección en curso o en prueba necesita un corrector',
  operationsFirst: 'Registra las operaciones del intento antes de enviarla a prueba',
  closeWithApprovedTrial: 'Solo se cierra con la prueba aprobada',
  staleVersion: 'La tarjeta cambió mientras la movías: se actualizó el tablero',
  notInTrial: 'La prueba se registra cuando la corrección está «En prueba»',
  trialDecided: 'La prueba de este intento ya tiene resultado',
  attemptClosed: 'Este intento ya tiene el resultado de su prueba: no se puede cambiar',
  notCurrentAttempt: 'Solo se cambia el último intento de la corrección',
  newAttemptState: 'Se abre un nuevo intento cuando la corrección está asignada o en corrección y su último intento no está pendiente',
  commentText: 'Escribe el comentario',
  commentTarget: 'Indica el registro o el informe del comentario, uno de los dos',
  mentionNotMember: 'Solo puedes mencionar a miembros activos de la empresa',
  draftAfter: `Indica cuántas mediciones fuera de tolerancia abren un borrador: un número entero entre 1 y ${CORRECTION_DEFAULTS.maxDraftAfter}`,
  correctors: 'Los correctores deben ser miembros activos de la empresa',
} as const;

/** The notifications' texts (spec 4). */
/** Millimetres as Spanish texts write them: a decimal comma. */
const mm = (value: number) => String(value).replace('.', ',');

export const correctionNotices = {
  mentionInRecord: (number: string, excerpt: string) => `Te mencionaron en la corrección ${number}: ${excerpt}`,
  mentionInReport: (number: string, attempt: number, excerpt: string) => `Te mencionaron en el intento ${attempt} de la corrección ${number}: ${excerpt}`,
  assigned: (number: string, die: string) => `Se te asignó la corrección ${number} de la matriz ${die}`,
  autoDraft: (number: string, die: string, label: string, measured: number, nominal: number, times: number) =>
    `Borrador ${number}: la cota ${label} de la matriz ${die} salió fuera de tolerancia ${times === 1 ? 'una vez' : `${times} veces`} (última medida ${mm(measured)} mm, nominal ${mm(nominal)} mm)`,
  /** The automatic draft's description: what the checks of the run read. */
  autoDraftDescription: (label: string, times: number, order: string, measured: number, nominal: number, minus: number, plus: number) =>
    `Dimensión ${label} fuera de tolerancia ${times === 1 ? 'una vez' : `${times} veces`} en la corrida ${order}: última medida ${mm(measured)} mm (nominal ${mm(nominal)} mm, −${mm(minus)}/+${mm(plus)})`,
} as const;

/** The die log's notes (die_event notes are Spanish). */
export const correctionLogNotes = {
  opened: (number: string) => `Corrección ${number} abierta`,
  toTrial: (number: string, attempt: number) => `Corrección ${number}: intento ${attempt} a prueba`,
  rejected: (number: string, attempt: number) => `Corrección ${number}: prueba del intento ${attempt} rechazada`,
  closed: (number: string) => `Corrección ${number} cerrada (eficaz)`,
} as const;

// ------------------------------------------------------------------------------ rules

/** What `whyNotMoveCorrection` needs of a record: its state, corrector and current attempt. */
export interface CorrectionMoveSubject {
  status: CorrectionStatus;
  assigned_corrector_id: number | null;
  current_attempt: { operations_count: number; trial_result: TrialResult } | null;
}

/**
 * Why a record may not move to a state, in Spanish, or null. `choosesCorrector`: the mover picks
 * the corrector as the card lands on 'Asignada' (the correction board asks), so none is needed yet.
 */
export function whyNotMoveCorrection(record: CorrectionMoveSubject, to: CorrectionStatus, options: { choosesCorrector?: boolean } = {}): string | null {
  if (record.status === to) return null;
  if (!CORRECTION_TRANSITIONS[record.status].includes(to)) {
    return CORRECTION_TRANSITIONS[record.status].length === 0 ? correctionMessages.finished(record.status) : correctionMessages.illegalMove(record.status, to);
  }
  if (to === 'assigned' && record.assigned_corrector_id === null && !options.choosesCorrector) return correctionMessages.assignFirst;
  if (to === 'in_trial' && (!record.current_attempt || record.current_attempt.operations_count === 0)) return correctionMessages.operationsFirst;
  if (to === 'closed' && record.current_attempt?.trial_result !== 'approved') return correctionMessages.closeWithApprovedTrial;
  return null;
}

/** One 10-minute check of a series: when, and the measured value in mm. */
export interface DimensionPoint {
  at: string;
  value: number;
}

/**
 * Effectiveness proposed from the trial run's series against the previous run's (domain.md C3):
 * effective when every check of the trial run is within the tolerance, not effective when any is
 * outside; null without a tolerance or without checks of the trial run.
 */
export function proposeEffectiveness(
  tolerance: { nominal_mm: number | null; tol_minus: number | null; tol_plus: number | null },
  before: readonly Pick<DimensionPoint, 'value'>[],
  after: readonly Pick<DimensionPoint, 'value'>[],
): { before_out: number; after_out: number; proposed: Exclude<CorrectionEffectiveness, 'pending'> | null } {
  const { nominal_mm, tol_minus, tol_plus } = tolerance;
  if (nominal_mm === null || tol_minus === null || tol_plus === null) return { before_out: 0, after_out: 0, proposed: null };
  const band = { nominal_mm, tol_minus_mm: tol_minus, tol_plus_mm: tol_plus };
  const outside = (series: readonly Pick<DimensionPoint, 'value'>[]) => series.filter((point) => !withinTolerance(point.value, band)).length;
  const before_out = outside(before);
  const after_out = outside(after);
  return { before_out, after_out, proposed: after.length === 0 ? null : after_out === 0 ? 'effective' : 'not_effective' };
}

// ------------------------------------------------------------------------------ pieces

const optionalId = (message: string) => bodyInteger({ message }).nullable().optional();
const millimetres = z
  .number({ error: correctionMessages.millimetres })
  .min(0, correctionMessages.millimetres)
  .max(10_000, correctionMessages.millimetres)
  .nullable()
  .optional();
const tolerance = z
  .number({ error: correctionMessages.tolerance })
  .min(0, correctionMessages.tolerance)
  .max(1_000, correctionMessages.tolerance)
  .nullable()
  .optional();
/** A text of several lines (findings, a trial's note). */
const longText = (max: number) => safeText({ multiline: true }).max(max, messages.tooLong(max));
const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A person of the company (corrector, author, mention). */
export const correctionPersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type CorrectionPerson = z.infer<typeof correctionPersonSchema>;

/** One operation of an attempt as sent: from the company's catalogue, with the zone and the amount. */
export const correctionOperationInputSchema = z.object({
  operation_id: bodyInteger({ message: correctionMessages.operationMissing }),
  zone: nameText().max(120, messages.tooLong(120)).default(''),
  amount: nameText().max(60, messages.tooLong(60)).default(''),
  note: safeText().max(300, messages.tooLong(300)).default(''),
});
export type CorrectionOperationInput = z.input<typeof correctionOperationInputSchema>;

export const correctionOperationSchema = z.object({
  operation_id: z.number().int(),
  operation_name: z.string(),
  zone: z.string(),
  amount: z.string(),
  note: z.string(),
});
export type CorrectionOperation = z.infer<typeof correctionOperationSchema>;

// ------------------------------------------------------------------------------ record

/** The attempt a record is on: what the board's guards look at. */
export const correctionCurrentAttemptSchema = z.object({
  id: z.number().int(),
  attempt_no: z.number().int(),
  operations_count: z.number().int(),
  trial_result: z.enum(TRIAL_RESULTS),
});

/** A record in the list, on the boards (`CorrectionCard` is the same shape) and in the die summary. */
export const correctionRecordRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  die_id: z.number().int(),
  die_label: z.string(),
  die_state: z.enum(DIE_STATES),
  profile_code: z.string().nullable(),
  origin: z.enum(CORRECTION_ORIGINS),
  order_die_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  defect_id: z.number().int().nullable(),
  defect_name: z.string().nullable(),
  dimension_label: z.string().nullable(),
  measured_mm: z.number().nullable(),
  nominal_mm: z.number().nullable(),
  tol_minus: z.number().nullable(),
  tol_plus: z.number().nullable(),
  description: z.string(),
  severity: z.enum(CORRECTION_SEVERITIES),
  assigned_corrector_id: z.number().int().nullable(),
  corrector_name: z.string().nullable(),
  due_at: z.string().nullable(),
  status: z.enum(CORRECTION_STATUSES),
  effectiveness: z.enum(CORRECTION_EFFECTIVENESS),
  auto_draft: z.boolean(),
  has_canvas: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  attempts: z.number().int(),
  current_attempt: correctionCurrentAttemptSchema.nullable(),
  overdue: z.boolean(),
  comment_count: z.number().int(),
  version: z.number().int(),
});
export type CorrectionRecordRow = z.infer<typeof correctionRecordRowSchema>;
export const correctionCardSchema = correctionRecordRowSchema;
export type CorrectionCard = CorrectionRecordRow;

/** `GET /api/correction-record/all`: filters of the list (paged, searchable by number, die, defect and description). */
export const correctionRecordListQuerySchema = listQuerySchema.extend({
  status: z.enum(CORRECTION_STATUSES).optional(),
  origin: z.enum(CORRECTION_ORIGINS).optional(),
  corrector_id: queryInteger().optional(),
  die_id: queryInteger().optional(),
  overdue: queryFlag.optional(),
  /** Only the records still being worked (OPEN_CORRECTION_STATUSES), or with `false` only the finished ones. */
  open: queryFlag.optional(),
});
export type CorrectionRecordListQuery = z.infer<typeof correctionRecordListQuerySchema>;
export type CorrectionRecordListQueryInput = z.input<typeof correctionRecordListQuerySchema>;

/** `POST /api/correction-record`: a new non-conformity; `draft: true` keeps it a draft (the die does not move yet). */
export const correctionRecordCreateSchema = z.object({
  die_id: bodyInteger({ message: correctionMessages.dieMissing }),
  origin: z.enum(CORRECTION_ORIGINS, { error: correctionMessages.origin }),
  order_die_id: optionalId(correctionMessages.runMissing),
  defect_id: optionalId(correctionMessages.defectMissing),
  dimension_label: nameText().max(10, messages.tooLong(10)).nullable().optional(),
  measured_mm: millimetres,
  nominal_mm: millimetres,
  tol_minus: tolerance,
  tol_plus: tolerance,
  description: trimmedText({ error: correctionMessages.description, multiline: true }).min(1, correctionMessages.description).max(2000, messages.tooLong(2000)),
  severity: z.enum(CORRECTION_SEVERITIES, { error: correctionMessages.severity }).default('major'),
  assigned_corrector_id: optionalId(correctionMessages.correctorNotMember),
  due_at: isoDateTime.nullable().optional(),
  draft: z.boolean().default(false),
});
export type CorrectionRecordCreate = z.input<typeof correctionRecordCreateSchema>;

/** `PATCH /api/correction-record/:id`: the record's data (its state moves on the boards). */
export const correctionRecordUpdateSchema = correctionRecordCreateSchema
  .omit({ die_id: true, draft: true })
  .partial()
  .extend({ effectiveness: z.enum(CORRECTION_EFFECTIVENESS).optional() });
export type CorrectionRecordUpdate = z.input<typeof correctionRecordUpdateSchema>;

// ------------------------------------------------------------------------------ report (attempt)

export const correctionReportRowSchema = z.object({
  id: z.number().int(),
  correction_record_id: z.number().int(),
  attempt_no: z.number().int(),
  corrector_id: z.number().int().nullable(),
  corrector_name: z.string().nullable(),
  operations: z.array(correctionOperationSchema),
  hours: z.number().nullable(),
  findings: z.string(),
  trial_order_die_id: z.number().int().nullable(),
  trial_order_number: z.string().nullable(),
  trial_result: z.enum(TRIAL_RESULTS),
  trial_note: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** `correctionReportPath`: `:id/:correctionId` below /apps/correction-report/. */
  path: z.string(),
});
export type CorrectionReportRow = z.infer<typeof correctionReportRowSchema>;

/** `POST /api/correction-report`: a new attempt of the record. */
export const correctionReportCreateSchema = z.object({ correction_record_id: bodyInteger({ message: correctionMessages.notFound }) });
export type CorrectionReportCreate = z.input<typeof correctionReportCreateSchema>;

/** `PATCH /api/correction-report/:id`: what the corrector did on the attempt, and its trial run. */
export const correctionReportUpdateSchema = z.object({
  operations: z.array(correctionOperationInputSchema).max(30, correctionMessages.tooManyOperations).optional(),
  hours: z.number({ error: correctionMessages.hours }).min(0, correctionMessages.hours).max(1000, correctionMessages.hours).nullable().optional(),
  findings: longText(4000).optional(),
  corrector_id: optionalId(correctionMessages.correctorNotMember),
  trial_order_die_id: optionalId(correctionMessages.trialRunMissing),
});
export type CorrectionReportUpdate = z.input<typeof correctionReportUpdateSchema>;

/** `POST /api/correction-report/:id/trial`: approved closes the record (effective unless said otherwise); rejected opens a new attempt. */
export const correctionTrialSchema = z.object({
  result: z.enum(['approved', 'rejected']),
  note: longText(1000).default(''),
  effectiveness: z.enum(['effective', 'not_effective']).optional(),
});
export type CorrectionTrial = z.input<typeof correctionTrialSchema>;

/** A dimension's series before (previous run) and after (trial run) the correction, with the proposal. */
export const correctionComparisonSchema = z.object({
  dimension_label: z.string().nullable(),
  nominal_mm: z.number().nullable(),
  tol_minus: z.number().nullable(),
  tol_plus: z.number().nullable(),
  before_order_die_id: z.number().int().nullable(),
  before: z.array(z.object({ at: z.string(), value: z.number() })),
  after: z.array(z.object({ at: z.string(), value: z.number() })),
  before_out: z.number().int(),
  after_out: z.number().int(),
  proposed: z.enum(['effective', 'not_effective']).nullable(),
});
export type CorrectionComparison = z.infer<typeof correctionComparisonSchema>;

// ------------------------------------------------------------------------------ discussion

export const correctionCommentSchema = z.object({
  id: z.number().int(),
  correction_record_id: z.number().int().nullable(),
  correction_report_id: z.number().int().nullable(),
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  /** With its mentions as written: `@[Name](id)` (mentions.ts). */
  text: z.string(),
  mentions: z.array(correctionPersonSchema),
  created_at: z.string(),
});
export type CorrectionComment = z.infer<typeof correctionCommentSchema>;

const oneTarget = <T extends { correction_record_id?: number | null; correction_report_id?: number | null }>(value: T) =>
  ((value.correction_record_id ?? null) === null) !== ((value.correction_report_id ?? null) === null);

/** `GET /api/correction-comment?correction_record_id=|correction_report_id=`: one of the two. */
export const correctionCommentQuerySchema = z
  .object({ correction_record_id: queryInteger().optional(), correction_report_id: queryInteger().optional() })
  .refine(oneTarget, { message: correctionMessages.commentTarget, path: ['correction_record_id'] });
export type CorrectionCommentQuery = z.input<typeof correctionCommentQuerySchema>;

/** `POST /api/correction-comment`: on a record or on a report, with @mentions inside the text. */
export const correctionCommentCreateSchema = z
  .object({
    correction_record_id: optionalId(correctionMessages.notFound),
    correction_report_id: optionalId(correctionMessages.notFound),
    text: trimmedText({ error: correctionMessages.commentText, multiline: true }).min(1, correctionMessages.commentText).max(4000, messages.tooLong(4000)),
  })
  .refine(oneTarget, { message: correctionMessages.commentTarget, path: ['correction_record_id'] });
export type CorrectionCommentCreate = z.input<typeof correctionCommentCreateSchema>;

// ------------------------------------------------------------------------------ details

/** `GET /api/correction-people`: who may correct (the company's correctors) and who may be mentioned. */
export const correctionPeopleSchema = z.object({ correctors: z.array(correctionPersonSchema), mentionable: z.array(correctionPersonSchema) });
export type CorrectionPeople = z.infer<typeof correctionPeopleSchema>;

/** The die of a record, as its pages show it. */
export const correctionDieSchema = z.object({
  id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  label: z.string(),
  state: z.enum(DIE_STATES),
  profile_id: z.number().int().nullable(),
  profile_code: z.string().nullable(),
});

/**
 * `GET /api/correction-record/:id` (also a share-link guest's): the record, its die, its attempts,
 * its discussion, its canvas and drawing; `people` is null for a guest.
 */
export const correctionRecordDetailSchema = correctionRecordRowSchema.extend({
  canvas: correctionCanvasSchema.nullable(),
  /** The profile's drawing, the canvas's background (a stored file). */
  drawing_file_id: z.number().int().nullable(),
  /** Where to load that drawing, also for a share-link guest (`correctionDrawingUrl`); null without one. */
  drawing_url: z.string().nullable(),
  die: correctionDieSchema,
  reports: z.array(correctionReportRowSchema),
  comments: z.array(correctionCommentSchema),
  people: correctionPeopleSchema.nullable(),
});
export type CorrectionRecordDetail = z.infer<typeof correctionRecordDetailSchema>;

/** `GET /api/correction-report/:id` (also a share-link guest's): the attempt, its record, die, comparison and discussion. */
export const correctionReportDetailSchema = correctionReportRowSchema.extend({
  record: correctionRecordRowSchema,
  canvas: correctionCanvasSchema.nullable(),
  drawing_file_id: z.number().int().nullable(),
  drawing_url: z.string().nullable(),
  die: correctionDieSchema,
  comparison: correctionComparisonSchema,
  comments: z.array(correctionCommentSchema),
  people: correctionPeopleSchema.nullable(),
});
export type CorrectionReportDetail = z.infer<typeof correctionReportDetailSchema>;

// ------------------------------------------------------------------------------ boards

/** Live, non-notifying, to the company's sockets: a record changed; the boards and lists fetch again. */
export const CORRECTION_BOARD_CHANGED = 'correctionBoardChanged';
export const correctionBoardChangedSchema = z.object({ id: z.number().int() });
export type CorrectionBoardChanged = z.infer<typeof correctionBoardChangedSchema>;

/** `GET /api/correction-board`: the records by column (closed: the last 30 days). */
export const correctionBoardSchema = z.object({
  columns: z.array(z.object({ status: z.enum(CORRECTION_BOARD_COLUMNS), cards: z.array(correctionCardSchema) })),
});
export type CorrectionBoard = z.infer<typeof correctionBoardSchema>;

/** The closed column shows the records closed in the last this many days. */
export const CORRECTION_BOARD_CLOSED_DAYS = 30;

/** `POST /api/correction-board/move` */
export const correctionBoardMoveSchema = z.object({
  id: bodyInteger({ message: messages.invalidId }),
  to: z.enum(CORRECTION_STATUSES),
  version: bodyInteger({ min: 0, message: messages.invalidId }),
  /** The corrector a move to 'Asignada' gives the card, chosen as it is dropped (the board asks when the card has none). */
  corrector_id: bodyInteger({ message: correctionMessages.correctorNotMember }).optional(),
});
export type CorrectionBoardMove = z.input<typeof correctionBoardMoveSchema>;

/** `GET /api/corrector-board`: one lane per corrector (their open records by due date), and the unassigned ones. */
export const correctorBoardSchema = z.object({
  lanes: z.array(z.object({ corrector: correctionPersonSchema, cards: z.array(correctionCardSchema) })),
  unassigned: z.array(correctionCardSchema),
});
export type CorrectorBoard = z.infer<typeof correctorBoardSchema>;

/** `POST /api/corrector-board/move`: reassigns (null: unassigned); the new corrector is notified. */
export const correctorBoardMoveSchema = z.object({
  id: bodyInteger({ message: messages.invalidId }),
  corrector_id: bodyInteger({ message: correctionMessages.correctorNotMember }).nullable(),
  version: bodyInteger({ min: 0, message: messages.invalidId }),
});
export type CorrectorBoardMove = z.input<typeof correctorBoardMoveSchema>;

// ------------------------------------------------------------------------------ settings

/** `GET /api/correction-settings`: when a draft opens by itself, and who the correctors are (empty: whoever may work the reports). */
export const correctionSettingsSchema = z.object({
  correction_draft_after: z.number().int(),
  corrector_ids: z.array(z.number().int()),
  correctors: z.array(correctionPersonSchema),
});
export type CorrectionSettings = z.infer<typeof correctionSettingsSchema>;

export const correctionSettingsUpdateSchema = z.object({
  correction_draft_after: z
    .number({ error: correctionMessages.draftAfter })
    .int(correctionMessages.draftAfter)
    .min(1, correctionMessages.draftAfter)
    .max(CORRECTION_DEFAULTS.maxDraftAfter, correctionMessages.draftAfter),
  corrector_ids: z.array(bodyInteger({ message: correctionMessages.correctors })).max(200, correctionMessages.correctors),
});
export type CorrectionSettingsUpdate = z.input<typeof correctionSettingsUpdateSchema>;
