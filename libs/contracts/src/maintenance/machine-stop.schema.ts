import { z } from 'zod';
import { idSchema, isoDateTime, listQuerySchema, periodBound, queryInteger, trimmedText } from '../common.schema';
import { messages } from '../messages';
import { STOP_CAUSES } from '../maintenance.schema';

/** The Spanish texts of stops (paros). */
export const machineStopMessages = {
  overlap: 'La parada se solapa con otra parada de la misma máquina',
  endBeforeStart: 'El fin de la parada debe ser posterior a su inicio',
  machineNotFound: 'La máquina no existe en esta empresa',
  cause: 'Elige una causa de la lista',
  alreadyClosed: 'La parada ya está cerrada',
  future: 'La parada no puede empezar en el futuro',
  futureEnd: 'La parada no puede terminar en el futuro',
  /** A press stop that would hold the start of a run on its line (a stopped press starts no run). */
  runStartedInside: (order: string) => `La extrusión de ${order} empezó en esta prensa durante ese tiempo: la parada debe terminar antes de su inicio`,
} as const;

/** `POST /api/machine-stop`: a stop entered by hand (started now unless said otherwise). */
export const machineStopCreateSchema = z
  .object({
    machine_id: idSchema,
    cause: z.enum(STOP_CAUSES, { error: machineStopMessages.cause }),
    planned: z.boolean().default(false),
    started_at: isoDateTime.optional(),
    ended_at: isoDateTime.nullable().optional(),
    note: trimmedText().max(300, messages.tooLong(300)).default(''),
  })
  .refine((stop) => !stop.ended_at || !stop.started_at || new Date(stop.ended_at) > new Date(stop.started_at), {
    message: machineStopMessages.endBeforeStart,
    path: ['ended_at'],
  });
export type MachineStopCreate = z.infer<typeof machineStopCreateSchema>;

/** `PATCH /api/machine-stop/:id`: what a stop says, and closing it (ended_at). */
export const machineStopPatchSchema = z.object({
  cause: z.enum(STOP_CAUSES, { error: machineStopMessages.cause }).optional(),
  planned: z.boolean().optional(),
  note: trimmedText().max(300, messages.tooLong(300)).optional(),
  ended_at: isoDateTime.optional(),
});
export type MachineStopPatch = z.infer<typeof machineStopPatchSchema>;

const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/machine-stop/all`: newest first; `open` only the running ones; from/to: those that overlap the period (days alone in the company's time zone). */
export const machineStopListQuerySchema = listQuerySchema.extend({
  machine_id: queryInteger().optional(),
  open: queryFlag.optional(),
  from: periodBound.optional(),
  to: periodBound.optional(),
  cause: z.enum(STOP_CAUSES).optional(),
});
export type MachineStopListQuery = z.infer<typeof machineStopListQuerySchema>;

export const machineStopSchema = z.object({
  id: z.number().int(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  line_id: z.number().int().nullable(),
  line_name: z.string().nullable(),
  started_at: isoDateTime,
  ended_at: isoDateTime.nullable(),
  planned: z.boolean(),
  cause: z.enum(STOP_CAUSES),
  note: z.string(),
  failure_report_id: z.number().int().nullable(),
  failure_report_number: z.string().nullable(),
  work_order_id: z.number().int().nullable(),
  order_die_id: z.number().int().nullable(),
  lost_kg_est: z.number().nullable(),
  /** Hours so far (running stop) or in all. */
  hours: z.number(),
});
export type MachineStopView = z.infer<typeof machineStopSchema>;

/**
 * The open stop of a press (or a criticality-A machine) on a planning-board line: which machine,
 * since when, why, and the failure report that stopped it (null for a stop entered by hand).
 */
export const lineStopSchema = z.object({
  machine_name: z.string(),
  started_at: isoDateTime,
  cause: z.enum(STOP_CAUSES),
  failure_report_number: z.string().nullable(),
});
export type LineStop = z.infer<typeof lineStopSchema>;
