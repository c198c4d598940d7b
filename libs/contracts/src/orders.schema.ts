import { z } from 'zod';
import { bodyNumber, idSchema, isoDateTime, queryInteger } from './common.schema';
import { messages } from './messages';

/** Spec 3 order die (an order's die on the press) with its extrusion timer. */
export const orderDieSchema = z.object({
  id: z.number().int(),
  active_timer: z.boolean(),
  start_extrusion_time: z.string().nullable(),
  dies_model_order_die_reference: z.string(),
  dies_model_order_copy_number: z.number().int(),
});
export type OrderDie = z.infer<typeof orderDieSchema>;

/** `GET /api/orders/getActiveTimerOrders?userId` */
export const activeTimerOrdersQuerySchema = z.object({ userId: queryInteger().optional() });
/** `GET /api/orders/hideClosedOrders?companyId` */
export const hideClosedOrdersQuerySchema = z.object({ companyId: queryInteger().optional() });

export const DIMENSION_TEXTS = ['DimensionA', 'DimensionB'] as const;
/** Critical dimensions are in mm; anything above a metre is a typing error, not a profile. */
export const DIMENSION_MAX_MM = 1000;

/** Spec 3 dimension record. */
export const dimensionRecordSchema = z.object({
  order_dies_id: idSchema,
  dimension_text: z.enum(DIMENSION_TEXTS),
  dimension_value: bodyNumber(messages.positiveNumber).positive(messages.positiveNumber).max(DIMENSION_MAX_MM, `Debe ser como máximo ${DIMENSION_MAX_MM} mm`),
  date_saved: isoDateTime.optional(),
});
export type DimensionRecord = z.infer<typeof dimensionRecordSchema>;

/** The prompt's form: the two values, same rule as each record's value (mm). */
export const criticalDimensionsFormSchema = z.object({
  dimensionA: dimensionRecordSchema.shape.dimension_value,
  dimensionB: dimensionRecordSchema.shape.dimension_value,
});
export type CriticalDimensionsForm = z.infer<typeof criticalDimensionsFormSchema>;

/** `POST /api/orders/saveDieCriticalDimension`: the list of two records, A and B of one order die. */
export const saveDieCriticalDimensionRequestSchema = z
  .array(dimensionRecordSchema)
  .length(2)
  .refine((records) => records[0]?.order_dies_id === records[1]?.order_dies_id, 'Las dos dimensiones deben ser de la misma orden')
  .refine((records) => new Set(records.map((record) => record.dimension_text)).size === 2, 'Se requieren DimensionA y DimensionB');
export type SaveDieCriticalDimensionRequest = z.infer<typeof saveDieCriticalDimensionRequestSchema>;

/** Spec 3 die-dimension state of the shell's prompt. */
export interface DieDimensionState {
  entities: OrderDie[];
  dialogOpen: boolean;
  dataSaved: boolean;
}
