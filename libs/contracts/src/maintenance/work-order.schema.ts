import { z } from 'zod';
import { bodyInteger, isoDate, isoDateTime, listQuerySchema, queryInteger, requiredText, safeText, trimmedText } from '../common.schema';
import {
  CHECKLIST_ITEM_KINDS,
  HOLD_REASONS,
  MAINTENANCE_BOARD_COLUMNS,
  STOP_CAUSES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TYPES,
  type WorkOrderStatus,
} from '../maintenance.schema';
import { messages } from '../messages';

/**
 * Work orders (OT), the maintenance board and corrective maintenance (issue 12, domain.md A1.2):
 * the calls' shapes and the Spanish texts the API answers with.
 */

/** Live, non-notifying, to the company's sockets: a card moved or changed; viewers fetch the board again. */
export const MAINTENANCE_BOARD_CHANGED = 'maintenanceBoardChanged';
export const maintenanceBoardChangedSchema = z.object({ id: z.number().int(), status: z.enum(WORK_ORDER_STATUSES) });
export type MaintenanceBoardChanged = z.infer<typeof maintenanceBoardChangedSchema>;

/** The verified column shows the orders verified in the last this many days. */
export const BOARD_VERIFIED_DAYS = 30;

/** The states' names in the API's Spanish messages (the screens read `maintenance:enums.workOrderStatus`). */
export const WORK_ORDER_STATUS_NAMES: Record<WorkOrderStatus, string> = {
  pending: 'Pendiente',
  assigned: 'Asignada',
  in_progress: 'En progreso',
  on_hold: 'En espera',
  completed: 'Completada',
  verified: 'Verificada',
  cancelled: 'Cancelada',
};

export const workOrderMessages = {
  chooseMachine: 'Elige la máquina',
  chooseUser: 'Elige una persona de la empresa',
  machineMissing: 'La máquina elegida no existe',
  userNotMember: 'La persona elegida no es miembro activo de la empresa',
  priority: 'Elige la prioridad',
  estimatedHours: 'Las horas estimadas deben ser un número mayor que 0 y como mucho 10000',
  minutes: 'Los minutos deben ser un número entero entre 1 y 1440',
  illegalMove: (from: WorkOrderStatus, to: WorkOrderStatus) => `No se puede pasar de «${WORK_ORDER_STATUS_NAMES[from]}» a «${WORK_ORDER_STATUS_NAMES[to]}»`,
  staleVersion: 'La tarjeta cambió mientras la movías: se actualizó el tablero',
  assignFirst: 'Asigna un responsable antes de pasar la orden a «Asignada»',
  holdReason: 'Indica por qué queda en espera',
  cancelReason: 'Indica por qué se cancela',
  rejectReason: 'Indica en un comentario por qué se rechaza la verificación',
  requiredItems: (labels: string[]) => `Faltan puntos obligatorios de la lista de chequeo: ${labels.join(', ')}`,
  signatureRequired: 'Este plan requiere firma: indica el nombre de quien firma antes de completar',
  verifyBySomeoneElse: 'La verificación debe hacerla una persona distinta de quien completó la orden',
  verifyByLead: 'Solo un responsable de mantenimiento puede verificar la orden',
  beforeNotInColumn: 'La tarjeta de referencia no está en esa columna',
  blockReason: 'Indica el motivo del bloqueo',
  closedOrder: 'La orden está cerrada: no se puede cambiar',
  itemNotInspection: 'Solo un punto de inspección con falla puede generar una OT correctiva',
  itemNotFailed: 'El punto de inspección no está marcado como falla',
  laborNotYours: 'Solo puedes eliminar tus propios registros de trabajo',
  commentText: 'Escribe el comentario',
  mentionNotMember: 'Solo puedes mencionar a miembros activos de la empresa',
  number: 'El número debe ser un número',
} as const;

// ------------------------------------------------------------------------------ pieces

const optionalId = bodyInteger({ message: messages.referenceMissing }).nullable().optional();
const userId = bodyInteger({ message: workOrderMessages.chooseUser });
const hours = z
  .number({ error: workOrderMessages.estimatedHours })
  .gt(0, workOrderMessages.estimatedHours)
  .max(10_000, workOrderMessages.estimatedHours)
  .nullable()
  .optional();
/** A text of several lines (a description, a root cause). */
const longText = (max: number) => safeText({ multiline: true }).max(max, messages.tooLong(max));
const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const checklistItemInputSchema = z.object({
  kind: z.enum(CHECKLIST_ITEM_KINDS),
  label: requiredText(200),
  required: z.boolean().default(false),
});

// ------------------------------------------------------------------------------ list

export const workOrderListQuerySchema = listQuerySchema.extend({
  type: z.enum(WORK_ORDER_TYPES).optional(),
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  machine_id: queryInteger().optional(),
  assignee_id: queryInteger().optional(),
  mine: queryFlag.optional(),
  overdue: queryFlag.optional(),
  /** Only the orders still to be done (OPEN_WORK_ORDER_STATUSES), or with `false` only the finished and cancelled ones. */
  open: queryFlag.optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

export const workOrderRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(WORK_ORDER_TYPES),
  title: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  machine_id: z.number().int().nullable(),
  machine_name: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  report_number: z.string().nullable(),
  blocked: z.boolean(),
  created_at: z.string(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  /** Minutes the linked stops lasted (running ones until now). */
  downtime_minutes: z.number().int(),
});
export type WorkOrderRow = z.infer<typeof workOrderRowSchema>;

// ------------------------------------------------------------------------------ detail

export const workOrderItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.enum(CHECKLIST_ITEM_KINDS),
  label: z.string(),
  required: z.boolean(),
  value: z.string(),
  ok: z.boolean().nullable(),
  answered_by_name: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type WorkOrderItem = z.infer<typeof workOrderItemSchema>;

export const workOrderLaborSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  minutes: z.number().int(),
  worked_on: z.string(),
  note: z.string(),
});
export type WorkOrderLabor = z.infer<typeof workOrderLaborSchema>;

export const workOrderCommentSchema = z.object({
  id: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  text: z.string(),
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.string(),
});
export type WorkOrderComment = z.infer<typeof workOrderCommentSchema>;

export const workOrderFileSchema = z.object({ id: z.number().int(), file_id: z.number().int(), file_name: z.string(), url: z.string() });

export const workOrderStopSchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  minutes: z.number().int(),
  cause: z.enum(STOP_CAUSES),
  planned: z.boolean(),
});
export type WorkOrderStop = z.infer<typeof workOrderStopSchema>;

export const workOrderDetailSchema = workOrderRowSchema.extend({
  description: z.string(),
  hold_reason: z.enum(HOLD_REASONS).nullable(),
  blocked_reason: z.string(),
  estimated_h: z.number().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  completed_by: z.number().int().nullable(),
  completed_by_name: z.string().nullable(),
  verified_by: z.number().int().nullable(),
  verified_by_name: z.string().nullable(),
  verified_at: z.string().nullable(),
  cancelled_reason: z.string(),
  cause_category: z.enum(STOP_CAUSES).nullable(),
  root_cause: z.string(),
  solution: z.string(),
  signed_by_name: z.string(),
  require_signature: z.boolean(),
  version: z.number().int(),
  failure_report_id: z.number().int().nullable(),
  report: z
    .object({
      id: z.number().int(),
      number: z.string(),
      description: z.string(),
      reported_at: z.string(),
      reported_by_name: z.string().nullable(),
      photos: z.array(workOrderFileSchema),
    })
    .nullable(),
  pm_plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  items: z.array(workOrderItemSchema),
  labor: z.array(workOrderLaborSchema),
  labor_minutes: z.number().int(),
  comments: z.array(workOrderCommentSchema),
  attachments: z.array(workOrderFileSchema),
  stops: z.array(workOrderStopSchema),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

// ------------------------------------------------------------------------------ changes

/** `POST /api/work-order` (leads): a corrective or improvement order written by hand. */
export const workOrderCreateSchema = z.object({
  type: z.enum(['corrective', 'improvement']).default('corrective'),
  machine_id: bodyInteger({ message: workOrderMessages.chooseMachine }),
  title: requiredText(160),
  description: longText(4000).default(''),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: workOrderMessages.priority }).default('medium'),
  due_at: isoDateTime.nullable().optional(),
  estimated_h: hours,
  assignee_id: optionalId,
  items: z.array(checklistItemInputSchema).max(100, messages.atMost(100)).default([]),
});
export type WorkOrderCreate = z.input<typeof workOrderCreateSchema>;

export const workOrderPatchSchema = z
  .object({
    title: requiredText(160),
    description: longText(4000),
    priority: z.enum(WORK_ORDER_PRIORITIES, { error: workOrderMessages.priority }),
    due_at: isoDateTime.nullable(),
    estimated_h: hours,
    cause_category: z.enum(STOP_CAUSES).nullable(),
    root_cause: longText(4000),
    solution: longText(4000),
    assignee_id: optionalId,
    signed_by_name: trimmedText().max(120, messages.tooLong(120)),
  })
  .partial();
export type WorkOrderPatch = z.input<typeof workOrderPatchSchema>;

export const workOrderCommentCreateSchema = z.object({
  text: trimmedText({ error: workOrderMessages.commentText, multiline: true }).min(1, workOrderMessages.commentText).max(4000, messages.tooLong(4000)),
});

export const workOrderLaborCreateSchema = z.object({
  user_id: userId.optional(),
  minutes: bodyInteger({ min: 1, max: 1440, message: workOrderMessages.minutes }),
  worked_on: isoDate,
  note: safeText().max(300, messages.tooLong(300)).default(''),
});

export const workOrderItemAnswerSchema = z.object({
  value: safeText().max(500, messages.tooLong(500)).optional(),
  ok: z.boolean().nullable().optional(),
});

export const workOrderBlockSchema = z.discriminatedUnion('blocked', [
  z.object({ blocked: z.literal(true), reason: requiredText(300) }),
  z.object({ blocked: z.literal(false) }),
]);
export type WorkOrderBlock = z.infer<typeof workOrderBlockSchema>;

export const laborParams = z.object({ id: queryInteger({ message: messages.invalidId }), laborId: queryInteger({ message: messages.invalidId }) });
export const itemParams = z.object({ id: queryInteger({ message: messages.invalidId }), itemId: queryInteger({ message: messages.invalidId }) });

// ------------------------------------------------------------------------------ board

export const maintenanceBoardQuerySchema = z.object({
  type: z.enum(WORK_ORDER_TYPES).optional(),
  machine_id: queryInteger().optional(),
  assignee_id: queryInteger().optional(),
  mine: queryFlag.optional(),
});
export type MaintenanceBoardQuery = z.infer<typeof maintenanceBoardQuerySchema>;
/** What a caller sends (query text). */
export type MaintenanceBoardQueryInput = z.input<typeof maintenanceBoardQuerySchema>;

export const maintenanceCardSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  type: z.enum(WORK_ORDER_TYPES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  status: z.enum(WORK_ORDER_STATUSES),
  position: z.number().int(),
  version: z.number().int(),
  machine_id: z.number().int().nullable(),
  machine_name: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  blocked: z.boolean(),
  blocked_reason: z.string(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  items_done: z.number().int(),
  items_total: z.number().int(),
  labor_minutes: z.number().int(),
  comment_count: z.number().int(),
});
export type MaintenanceCard = z.infer<typeof maintenanceCardSchema>;

export const maintenanceBoardSchema = z.object({
  columns: z.array(z.object({ status: z.enum(MAINTENANCE_BOARD_COLUMNS), cards: z.array(maintenanceCardSchema) })),
  verified_days: z.number().int(),
});
export type MaintenanceBoard = z.infer<typeof maintenanceBoardSchema>;

export const maintenanceBoardMoveSchema = z.object({
  id: bodyInteger({ message: messages.invalidId }),
  to_status: z.enum(WORK_ORDER_STATUSES),
  /** The card it is placed before; null: at the end of the column. */
  before_id: bodyInteger({ message: messages.invalidId }).nullable().default(null),
  version: bodyInteger({ message: messages.invalidId }),
  hold_reason: z.enum(HOLD_REASONS).optional(),
  /** Why it is cancelled, or why a completed order goes back to work (verification rejected). */
  reason: trimmedText().max(1000, messages.tooLong(1000)).optional(),
});
export type MaintenanceBoardMove = z.input<typeof maintenanceBoardMoveSchema>;

/** A person of the company, for the assignee and mention pickers. */
export const boardMemberSchema = z.object({ id: z.number().int(), name: z.string() });
export type BoardMember = z.infer<typeof boardMemberSchema>;
