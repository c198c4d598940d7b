import { z } from 'zod';
import { bodyNumber, idSchema, listQuerySchema, nameText, requiredText } from '../common.schema';
import { messages } from '../messages';
import { DUMMY_BLOCK_GROWTH_LIMIT_MM, TOOL_KINDS, TOOL_STATES } from '../dieshop.schema';

/** The Spanish texts of the press tooling (herramental). */
export const toolMessages = {
  code: 'Indica el código de la herramienta (letras, números, guiones)',
  codeTaken: 'Ya existe una herramienta con ese código',
  kind: 'Elige el tipo de herramienta',
  state: 'Elige el estado de la herramienta',
  millimetres: 'Indica un número de milímetros mayor que 0 y como mucho 5000',
  lineMissing: 'Una de las líneas elegidas no existe',
  measure: 'Indica qué se midió',
  value: 'Indica el valor medido',
  limit: 'El límite es un número',
  nominalMissing: 'Indica el diámetro nominal del disco de presión antes de medir su crecimiento',
  dummyBlockGrowth: 'Disco de presión con crecimiento ≥ 0,5 mm: revisar elasticidad',
  heldByPreparation: 'La herramienta está reservada por un alistamiento: se libera al entregar o cancelar',
  inUseByPreparation: 'Una herramienta pasa a «En uso» solo al reservarla en un alistamiento',
} as const;

/** The measure of a dummy block's outside diameter: checked against its nominal OD plus DUMMY_BLOCK_GROWTH_LIMIT_MM. */
export const DUMMY_BLOCK_OD_MEASURE = 'outer_diameter';

const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const millimetres = bodyNumber(toolMessages.millimetres).positive(toolMessages.millimetres).max(5000, toolMessages.millimetres);

const toolFields = {
  code: requiredText(30).regex(CODE, toolMessages.code),
  kind: z.enum(TOOL_KINDS, { error: toolMessages.kind }),
  description: nameText().max(200, messages.tooLong(200)),
  state: z.enum(TOOL_STATES, { error: toolMessages.state }),
  compatible_line_ids: z.array(idSchema).max(50, messages.tooLong(50)),
  diameter_mm: millimetres.nullable(),
  length_mm: millimetres.nullable(),
  nominal_od_mm: millimetres.nullable(),
  location: nameText().max(60, messages.tooLong(60)),
};

/** `POST /api/tool`: a tool of the register (available unless said otherwise). */
export const toolCreateSchema = z.object({
  code: toolFields.code,
  kind: toolFields.kind,
  description: toolFields.description.default(''),
  state: toolFields.state.default('available'),
  compatible_line_ids: toolFields.compatible_line_ids.default([]),
  diameter_mm: toolFields.diameter_mm.default(null),
  length_mm: toolFields.length_mm.default(null),
  nominal_od_mm: toolFields.nominal_od_mm.default(null),
  location: toolFields.location.default(''),
});
export type ToolCreate = z.infer<typeof toolCreateSchema>;

/** `PATCH /api/tool/:id`: any of the fields but the state 'in use', which only a preparation sets. */
export const toolUpdateSchema = z.object(toolFields).partial();
export type ToolUpdate = z.infer<typeof toolUpdateSchema>;

/** `GET /api/tool/all`. */
export const toolListQuerySchema = listQuerySchema.extend({
  kind: z.enum(TOOL_KINDS, { error: toolMessages.kind }).optional(),
  state: z.enum(TOOL_STATES, { error: toolMessages.state }).optional(),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** `POST /api/tool/:id/checks`: a measured check; for a dummy block's outer diameter the limit and result come from its nominal OD. */
export const toolCheckCreateSchema = z.object({
  measure: requiredText(60),
  value: bodyNumber(toolMessages.value).min(-1e6, toolMessages.value).max(1e6, toolMessages.value),
  limit_value: bodyNumber(toolMessages.limit).min(-1e6, toolMessages.limit).max(1e6, toolMessages.limit).nullable().default(null),
  /** Said by whoever measured when there is no limit to compare with. */
  ok: z.boolean().optional(),
  note: nameText().max(300, messages.tooLong(300)).default(''),
});
export type ToolCheckCreate = z.infer<typeof toolCheckCreateSchema>;

const nullableNumber = z.number().nullable();

/** A tool as the register shows it. */
export const toolSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(TOOL_KINDS),
  description: z.string(),
  state: z.enum(TOOL_STATES),
  compatible_line_ids: z.array(z.number().int()),
  compatible_line_names: z.array(z.string()),
  diameter_mm: nullableNumber,
  length_mm: nullableNumber,
  nominal_od_mm: nullableNumber,
  location: z.string(),
  billets_total: z.number().int(),
  last_check_at: z.string().nullable(),
  /** The last check failed (for a dummy block: grown past the limit). */
  last_check_ok: z.boolean().nullable(),
  /** The open preparation holding it. */
  held_by: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  created_at: z.string(),
});
export type Tool = z.infer<typeof toolSchema>;

/** A measured check. */
export const toolCheckSchema = z.object({
  id: z.number().int(),
  checked_at: z.string(),
  checked_by_name: z.string().nullable(),
  measure: z.string(),
  value: z.number(),
  limit_value: nullableNumber,
  ok: z.boolean(),
  note: z.string(),
  /** For a dummy block's outer diameter: how much it grew over the nominal. */
  growth_mm: nullableNumber,
  /** The flag shown beside a failed check ('Disco de presión con crecimiento ≥ 0,5 mm…'). */
  warning: z.string().nullable(),
});
export type ToolCheck = z.infer<typeof toolCheckSchema>;

/** `GET /api/tool/:id`: the tool, its checks (newest first) and the preparations that held it. */
export const toolDetailSchema = toolSchema.extend({
  checks: z.array(toolCheckSchema),
  preparations: z.array(
    z.object({ id: z.number().int(), number: z.string(), status: z.string(), reserved_at: z.string(), released_at: z.string().nullable() }),
  ),
  growth_limit_mm: z.number(),
});
export type ToolDetail = z.infer<typeof toolDetailSchema>;

/** The growth of a dummy block's outer diameter over its nominal, and whether it is past the limit. */
export function dummyBlockGrowth(nominalOd: number, measuredOd: number): { growth: number; ok: boolean } {
  const growth = Math.round((measuredOd - nominalOd) * 1000) / 1000;
  return { growth, ok: growth < DUMMY_BLOCK_GROWTH_LIMIT_MM };
}
