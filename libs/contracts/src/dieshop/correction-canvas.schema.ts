import { z } from 'zod';
import { nameText } from '../common.schema';
import { messages } from '../messages';

/**
 * The marking canvas of a correction record (`/apps/testCanvas/:id`, domain.md A2.1): numbered
 * pins, arrows and freehand strokes over the profile or die drawing. Coordinates are fractions of
 * the drawing's width and height (0 to 1), so the same marks sit on the same spot on a phone, a
 * tablet or a desktop, whatever size the drawing is shown at.
 */
export const CANVAS_LIMITS = { items: 200, strokePoints: 2000, text: 200 } as const;

export const CANVAS_COLORS = ['#d13438', '#0078d4', '#107c10', '#ffb900', '#000000'] as const;

export const canvasMessages = {
  tooManyItems: `El lienzo admite como máximo ${CANVAS_LIMITS.items} marcas`,
  tooManyPoints: `Un trazo admite como máximo ${CANVAS_LIMITS.strokePoints / 2} puntos`,
  outside: 'Las marcas deben quedar dentro del dibujo',
  color: 'Elige uno de los colores del lienzo',
  pinNumbers: 'Cada pin lleva un número distinto',
  millimetres: 'Indica la medida en mm, entre -10000 y 10000',
} as const;

const fraction = z.number({ error: canvasMessages.outside }).min(0, canvasMessages.outside).max(1, canvasMessages.outside);
const color = z.enum(CANVAS_COLORS, { error: canvasMessages.color });
const shortText = nameText().max(CANVAS_LIMITS.text, messages.tooLong(CANVAS_LIMITS.text)).default('');
const millimetres = z
  .number({ error: canvasMessages.millimetres })
  .min(-10000, canvasMessages.millimetres)
  .max(10000, canvasMessages.millimetres)
  .nullable()
  .default(null);
const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Identificador de marca no válido');

/** A numbered pin: where it was measured, against what, and what to do there. */
export const canvasPinSchema = z.object({
  kind: z.literal('pin'),
  id: itemId,
  n: z.number().int().min(1).max(CANVAS_LIMITS.items),
  x: fraction,
  y: fraction,
  dimension_label: nameText().max(20, messages.tooLong(20)).default(''),
  measured_mm: millimetres,
  nominal_mm: millimetres,
  zone: shortText,
  action: nameText({ multiline: true }).max(CANVAS_LIMITS.text, messages.tooLong(CANVAS_LIMITS.text)).default(''),
  color: color.default('#d13438'),
});

/** An arrow from its tail (x1, y1) to its head (x2, y2). */
export const canvasArrowSchema = z.object({
  kind: z.literal('arrow'),
  id: itemId,
  points: z.tuple([fraction, fraction, fraction, fraction]),
  color: color.default('#d13438'),
});

/** A freehand stroke: x, y pairs in drawing order. */
export const canvasStrokeSchema = z.object({
  kind: z.literal('stroke'),
  id: itemId,
  points: z
    .array(fraction)
    .min(4)
    .max(CANVAS_LIMITS.strokePoints, canvasMessages.tooManyPoints)
    .refine((points) => points.length % 2 === 0, canvasMessages.outside),
  color: color.default('#d13438'),
  width: z.number().min(1).max(20).default(3),
});

export const canvasItemSchema = z.discriminatedUnion('kind', [canvasPinSchema, canvasArrowSchema, canvasStrokeSchema]);
export type CanvasItem = z.infer<typeof canvasItemSchema>;
export type CanvasPin = z.infer<typeof canvasPinSchema>;
export type CanvasArrow = z.infer<typeof canvasArrowSchema>;
export type CanvasStroke = z.infer<typeof canvasStrokeSchema>;

/**
 * What is stored with the record (`PUT /api/correction-record/:id/canvas`). `aspect` is the
 * drawing's width / height when it was marked, so a preview keeps the proportions even before the
 * drawing has loaded.
 */
export const correctionCanvasSchema = z
  .object({
    version: z.literal(1).default(1),
    aspect: z.number().min(0.1).max(10).default(Math.SQRT2),
    items: z.array(canvasItemSchema).max(CANVAS_LIMITS.items, canvasMessages.tooManyItems).default([]),
  })
  .refine((canvas) => {
    const numbers = canvas.items.filter((item) => item.kind === 'pin').map((pin) => pin.n);
    return new Set(numbers).size === numbers.length;
  }, canvasMessages.pinNumbers);
export type CorrectionCanvas = z.infer<typeof correctionCanvasSchema>;

/** The next free pin number: one more than the highest. */
export const nextPinNumber = (items: readonly CanvasItem[]) =>
  items.reduce((highest, item) => (item.kind === 'pin' && item.n > highest ? item.n : highest), 0) + 1;
