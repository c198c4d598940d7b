import { z } from 'zod';
import { DIE_STATES, type DieState } from '../dieshop.schema';

/**
 * The plan's view of the die copies (domain.md C1, C2): when a copy reaches its nitriding limit
 * along the board's orders, and which copy of a reference suits an order best, with the reasons.
 */
const percent = (value: number) => `${Math.round(value * 100)} %`;
export const dieForecastMessages = {
  reachesLimit: (copy: string, order: string) => `La copia ${copy} llegará al límite de nitrurado en la orden ${order}`,
  alreadyPast: (copy: string, order: string) => `La copia ${copy} ya pasó el límite de nitrurado: nitrúrala antes de la orden ${order}`,
  recommended: 'recomendada',
  margin: (share: number) => `${percent(share)} de margen hasta el nitrurado`,
  crossesLimit: 'llegaría al límite de nitrurado durante la orden',
  noThreshold: 'sin umbral de nitrurado',
  recovery: (share: number) => `recuperación ${percent(share)}`,
  noHistory: 'sin corridas anteriores',
  kgPerHour: (kgH: string) => `${kgH} kg/h`,
  corrections: (count: number) => (count === 1 ? '1 corrección' : `${count} correcciones`),
  unavailable: (state: string) => `no disponible: está ${state}`,
  current: 'asignada a la orden',
  /** 'Copia 3 recomendada: 62 % de margen hasta el nitrurado, recuperación 84 %'. */
  reason: (copyNumber: number, parts: string[], recommended: boolean) => `Copia ${copyNumber}${recommended ? ' recomendada' : ''}: ${parts.join(', ')}`,
} as const;

/** Copies that cannot take an order now: under correction, at the nitrider, not yet tried, scrapped. */
export const BEST_COPY_UNAVAILABLE_STATES = ['correction', 'nitriding', 'new', 'scrapped'] as const satisfies readonly DieState[];

/** One die copy that reaches its nitriding limit along the board's planned and in-press orders. */
export const nitridingForecastSchema = z.object({
  die_id: z.number().int(),
  die_label: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  /** Counters since nitriding once that order is done (billets only when the line's billet weight is known). */
  kg_after: z.number(),
  billets_after: z.number().int().nullable(),
  threshold_kg: z.number().nullable(),
  threshold_billets: z.number().int().nullable(),
  /** Past the limit before any of its orders. */
  already_past: z.boolean(),
  message: z.string(),
});
export type NitridingForecast = z.infer<typeof nitridingForecastSchema>;

/** One copy of the order's die reference, ranked. */
export const bestCopyItemSchema = z.object({
  die_id: z.number().int(),
  copy_number: z.number().int(),
  die_label: z.string(),
  state: z.enum(DIE_STATES),
  available: z.boolean(),
  /** The copy the order names now. */
  current: z.boolean(),
  /** Share of the nitriding threshold left once the order is done (negative: crosses it); null without a threshold. */
  margin: z.number().nullable(),
  recovery: z.number().nullable(),
  kg_h: z.number().nullable(),
  runs: z.number().int(),
  corrections_count: z.number().int(),
  score: z.number(),
  recommended: z.boolean(),
  reason: z.string(),
});
export type BestCopyItem = z.infer<typeof bestCopyItemSchema>;

/** `GET /api/planning-board/best-copy/:id`: the copies of the order's die reference, best first. */
export const bestCopySchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  die_reference: z.string(),
  order_kg: z.number(),
  copies: z.array(bestCopyItemSchema),
});
export type BestCopy = z.infer<typeof bestCopySchema>;
