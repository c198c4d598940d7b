import { z } from 'zod';
import { isoDateTime, periodBound, periodQuery, queryInteger } from '../common.schema';
import { periodInstant } from '../date-time';
import { DIE_STATES } from '../dieshop.schema';
import { STOP_CAUSES } from '../maintenance.schema';
import { lineStopSchema } from '../maintenance/machine-stop.schema';
import { messages } from '../messages';
import type { PageAlias } from '../pages';

/**
 * Key indicators (issue 16, domain.md A4 and B): the production, maintenance and die-shop figures
 * of 'Indicadores clave' and the cards of 'Resumen de áreas'. The formulas are written once here:
 * the API finishes its SQL sums with these functions and the screens' tooltips show
 * `INDICATOR_FORMULAS`.
 */

export const indicatorMessages = {
  periodTooLong: 'El período no puede superar los 366 días',
  shiftNotFound: 'El turno no existe en esta empresa',
  lineNotFound: 'La línea no existe en esta empresa',
} as const;

/** The longest period one call may ask for, and the default when none is given. */
export const MAX_INDICATOR_PERIOD_DAYS = 366;
export const DEFAULT_INDICATOR_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * What a period produced, as every figure of kg or extrusion hours over a period counts it (the API's
 * one definition, indicators.queries.ts): said in the tooltips of those figures.
 */
const PERIOD_PART = 'cada corrida terminada cuenta por la parte de su tiempo dentro del período (una de 22:00 a 02:00, la mitad en cada día)';

/** Each formula in Spanish, for the tooltips (one text per indicator). */
export const INDICATOR_FORMULAS = {
  oee: 'OEE = disponibilidad × rendimiento × calidad.',
  availability:
    'Disponibilidad = (tiempo planificado − tiempo de paradas no planificadas) ÷ tiempo planificado. Tiempo planificado = horas del período (o del turno) menos las paradas planificadas de la prensa. No es la disponibilidad inherente de mantenimiento (MTBF ÷ (MTBF + MTTR)), que solo mira las fallas.',
  performance: 'Rendimiento = kg netos por hora reales ÷ meta de productividad neta de la línea (kg/h). Kg/h netos reales = kg buenos ÷ horas de extrusión.',
  quality: 'Calidad = kg buenos ÷ kg extruidos (kg buenos + scrap).',
  netKgH: `Kg/h netos = kg buenos ÷ horas de extrusión, comparado con la meta de la línea; ${PERIOD_PART}.`,
  recovery: 'Recuperación = kg buenos ÷ kg de tocho empujados.',
  scrap: 'Scrap = kg de scrap ÷ kg de tocho empujados.',
  checks:
    'Cumplimiento de controles = controles dimensionales respondidos ÷ controles esperados (uno cada 10 minutos de extrusión; respondido si se registró dentro de los 10 minutos siguientes). Un control perdido respondido después cuenta como tardío: ni a tiempo ni perdido.',
  pareto: 'Pareto de pérdidas = minutos de paradas no planificadas de las prensas por causa, de mayor a menor, con su porcentaje acumulado.',
  mtbf: 'MTBF = (horas del período − horas de parada) ÷ número de paradas por falla.',
  mttr: 'MTTR = suma de las horas de las paradas por falla ÷ su número.',
  maintenanceAvailability:
    'Disponibilidad inherente = MTBF ÷ (MTBF + MTTR): el tiempo entre fallas frente al de repararlas. No es la disponibilidad del OEE, que descuenta del tiempo planificado todas las paradas no planificadas.',
  compliance:
    'Cumplimiento preventivo = órdenes preventivas con vencimiento en el período completadas a tiempo ÷ órdenes preventivas con vencimiento en el período.',
  downtime: 'Horas de parada por causa de todas las máquinas en el período.',
  diesByState: 'Copias de matriz en cada estado, hoy.',
  nitriding: 'Nitrurado próximo: se usó el porcentaje de aviso del umbral (tochos o kg, lo que llegue primero); vencido: se alcanzó el umbral.',
  correctionsPer10t: `Correcciones cada 10 t = correcciones abiertas en el período ÷ kg de tocho extruidos en el período × 10 000; de los kg, como en «Kg de tocho», ${PERIOD_PART}.`,
  firstTrial: 'Aprobación a la primera = correcciones cuya primera prueba fue aprobada ÷ correcciones con la primera prueba resuelta en el período.',
  scrapped: 'Matrices dadas de baja dentro del período.',
} as const;

/** OEE colour bands (domain.md B, as OpenMES uses them): red below 65 %, amber to 85 %, green above. */
export const OEE_BANDS = { red: 0.65, green: 0.85 } as const;

/** OEE's band: red below 65 %, amber below 85 %, green from there; none without a figure. */
export function oeeBand(oee: number | null | undefined): 'red' | 'amber' | 'green' | null {
  if (oee === null || oee === undefined) return null;
  if (oee < OEE_BANDS.red) return 'red';
  return oee < OEE_BANDS.green ? 'amber' : 'green';
}

// ------------------------------------------------------------------------------------ queries

const indicatorPeriod = <S extends z.ZodRawShape>(shape: S) =>
  periodQuery({ from: periodBound.optional(), to: periodBound.optional(), ...shape }, MAX_INDICATOR_PERIOD_DAYS, indicatorMessages.periodTooLong);
const lineId = queryInteger({ message: messages.invalidId }).optional();

export const productionIndicatorsQuerySchema = indicatorPeriod({ line_id: lineId, shift_id: queryInteger({ message: messages.invalidId }).optional() });
export const maintenanceIndicatorsQuerySchema = indicatorPeriod({ line_id: lineId });
export const dieshopIndicatorsQuerySchema = indicatorPeriod({});
export type ProductionIndicatorsQuery = z.infer<typeof productionIndicatorsQuerySchema>;
export type IndicatorPeriodQuery = { from?: string; to?: string };

/**
 * `to` (or now) and `from` (or 30 days before `to`); a `from` alone ends now, or 30 days later when
 * that is sooner than its own bound. Days alone are whole days of `timeZone` (the company's).
 */
export function resolveIndicatorPeriod(query: IndicatorPeriodQuery, timeZone: string, now = new Date()): { from: Date; to: Date } {
  const asked = { from: query.from && periodInstant(query.from, 'from', timeZone), to: query.to && periodInstant(query.to, 'to', timeZone) };
  const to = asked.to || (asked.from ? new Date(Math.min(now.getTime(), asked.from.getTime() + MAX_INDICATOR_PERIOD_DAYS * DAY_MS)) : now);
  const from = asked.from || new Date(to.getTime() - DEFAULT_INDICATOR_PERIOD_DAYS * DAY_MS);
  return { from, to: to.getTime() > from.getTime() ? to : new Date(from.getTime() + DAY_MS) };
}

// ------------------------------------------------------------------------------------ formulas

/** What the SQL sums for a press (or the plant, or a day): hours, kg and checks inside the period. */
export interface ProductionTotals {
  /** Calendar hours of the period (inside the shift) that have passed. */
  periodHours: number;
  /** Hours of planned stops of the press: not planned production time. */
  plannedStopHours: number;
  /** Hours of unplanned stops of the press: the availability loss. */
  stopHours: number;
  /** Hours of extrusion of finished runs (the part inside the period). */
  runHours: number;
  billetKg: number;
  goodKg: number;
  scrapKg: number;
  /** kg the line's goal would have given in `runHours`: Σ run hours × net_productivity_goal_kg_h. */
  goalKg: number;
  checksExpected: number;
  checksAnswered: number;
  /** Missed marks answered afterwards ('tardío'): neither answered on time nor missed. */
  checksLate: number;
}

export interface ProductionFiguresOut {
  planned_hours: number;
  stop_hours: number;
  run_hours: number;
  billet_kg: number;
  good_kg: number;
  scrap_kg: number;
  /** Net kg/h: good kg ÷ run hours; null without runs. */
  net_kg_h: number | null;
  /** The goal, kg/h (weighted by run hours for the plant); null without runs. */
  goal_kg_h: number | null;
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  recovery: number | null;
  scrap_ratio: number | null;
  checks: { expected: number; answered: number; late: number; missed: number; share: number | null };
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const round = (value: number, digits = 6) => Math.round(value * 10 ** digits) / 10 ** digits;
const roundOrNull = (value: number | null, digits = 6) => (value === null ? null : round(value, digits));

/**
 * OEE and its parts from the sums (INDICATOR_FORMULAS): every ratio is null when its divisor is 0
 * ('sin datos', never a division by zero); OEE is null as soon as one part is.
 */
export function productionFiguresFromTotals(totals: ProductionTotals): ProductionFiguresOut {
  const plannedHours = Math.max(0, totals.periodHours - totals.plannedStopHours);
  const stopHours = Math.min(Math.max(0, totals.stopHours), plannedHours);
  const availability = ratio(plannedHours - stopHours, plannedHours);
  const netKgH = ratio(totals.goodKg, totals.runHours);
  const performance = ratio(totals.goodKg, totals.goalKg);
  const quality = ratio(totals.goodKg, totals.goodKg + totals.scrapKg);
  const oee = availability !== null && performance !== null && quality !== null ? availability * performance * quality : null;
  return {
    planned_hours: round(plannedHours),
    stop_hours: round(stopHours),
    run_hours: round(totals.runHours),
    billet_kg: round(totals.billetKg, 3),
    good_kg: round(totals.goodKg, 3),
    scrap_kg: round(totals.scrapKg, 3),
    net_kg_h: roundOrNull(netKgH, 3),
    goal_kg_h: roundOrNull(ratio(totals.goalKg, totals.runHours), 3),
    availability: roundOrNull(availability),
    performance: roundOrNull(performance),
    quality: roundOrNull(quality),
    oee: roundOrNull(oee),
    recovery: roundOrNull(ratio(totals.goodKg, totals.billetKg)),
    scrap_ratio: roundOrNull(ratio(totals.scrapKg, totals.billetKg)),
    checks: {
      expected: totals.checksExpected,
      answered: totals.checksAnswered,
      late: totals.checksLate,
      missed: totals.checksExpected - totals.checksAnswered - totals.checksLate,
      share: roundOrNull(ratio(totals.checksAnswered, totals.checksExpected)),
    },
  };
}

/** Adds sums (lines into the plant, days into a line). */
export function addProductionTotals(rows: readonly ProductionTotals[]): ProductionTotals {
  const sum = (key: keyof ProductionTotals) => rows.reduce((total, row) => total + row[key], 0);
  return {
    periodHours: sum('periodHours'),
    plannedStopHours: sum('plannedStopHours'),
    stopHours: sum('stopHours'),
    runHours: sum('runHours'),
    billetKg: sum('billetKg'),
    goodKg: sum('goodKg'),
    scrapKg: sum('scrapKg'),
    goalKg: sum('goalKg'),
    checksExpected: sum('checksExpected'),
    checksAnswered: sum('checksAnswered'),
    checksLate: sum('checksLate'),
  };
}

/** Corrections per 10 t extruded: null when nothing was extruded. */
export const correctionsPer10t = (corrections: number, extrudedKg: number) => (extrudedKg > 0 ? round((corrections * 10_000) / extrudedKg) : null);

/** A share of a whole, null for an empty whole. */
export const shareOf = (part: number, whole: number) => roundOrNull(ratio(part, whole));

// ----------------------------------------------------------------------------------- responses

const share = z.number().nullable();
const indicatorPeriodSchema = z.object({ from: isoDateTime, to: isoDateTime, now: isoDateTime });

const productionFiguresSchema = z.object({
  planned_hours: z.number(),
  stop_hours: z.number(),
  run_hours: z.number(),
  billet_kg: z.number(),
  good_kg: z.number(),
  scrap_kg: z.number(),
  net_kg_h: z.number().nullable(),
  goal_kg_h: z.number().nullable(),
  availability: share,
  performance: share,
  quality: share,
  oee: share,
  recovery: share,
  scrap_ratio: share,
  checks: z.object({ expected: z.number().int(), answered: z.number().int(), late: z.number().int(), missed: z.number().int(), share }),
});

export const productionIndicatorsSchema = z.object({
  period: indicatorPeriodSchema,
  time_zone: z.string(),
  shift: z.object({ id: z.number().int(), name: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  plant: productionFiguresSchema,
  presses: z.array(productionFiguresSchema.extend({ line_id: z.number().int(), line_name: z.string(), net_productivity_goal_kg_h: z.number() })),
  /** One point per day of the company's calendar (a night shift counts on the day it starts). */
  trend: z.array(productionFiguresSchema.extend({ day: z.string() })),
  /** Unplanned stop minutes of the presses by cause, largest first. */
  loss_pareto: z.array(z.object({ cause: z.enum(STOP_CAUSES), minutes: z.number(), stops: z.number().int(), cumulative_share: z.number() })),
});
export type ProductionIndicators = z.infer<typeof productionIndicatorsSchema>;

const reliabilityIndicators = z.object({
  period_hours: z.number(),
  stop_hours: z.number(),
  failures: z.number().int(),
  failure_hours: z.number(),
  mtbf_hours: z.number().nullable(),
  mttr_hours: z.number().nullable(),
  availability: share,
});
export const maintenanceIndicatorsSchema = z.object({
  period: indicatorPeriodSchema,
  plant: reliabilityIndicators,
  presses: z.array(reliabilityIndicators.extend({ machine_id: z.number().int(), name: z.string(), line_id: z.number().int().nullable() })),
  compliance: z.object({ due: z.number().int(), on_time: z.number().int(), share }),
  open_work_orders: z.number().int(),
  overdue_work_orders: z.number().int(),
  downtime_by_cause: z.array(z.object({ cause: z.enum(STOP_CAUSES), hours: z.number(), stops: z.number().int() })),
});
export type MaintenanceIndicators = z.infer<typeof maintenanceIndicatorsSchema>;

export const dieshopIndicatorsSchema = z.object({
  period: indicatorPeriodSchema,
  dies_by_state: z.array(z.object({ state: z.enum(DIE_STATES), count: z.number().int() })),
  nitriding: z.object({ soon: z.number().int(), overdue: z.number().int() }),
  scrapped_in_period: z.number().int(),
  /** Null when the caller may not read the correction records. */
  corrections: z
    .object({
      open: z.number().int(),
      overdue: z.number().int(),
      opened_in_period: z.number().int(),
      extruded_kg: z.number(),
      per_10t: z.number().nullable(),
      per_die: z.array(
        z.object({
          die_id: z.number().int(),
          die_reference: z.string(),
          copy_number: z.number().int(),
          corrections: z.number().int(),
          extruded_kg: z.number(),
          per_10t: z.number().nullable(),
        }),
      ),
      first_trial: z.object({ decided: z.number().int(), approved: z.number().int(), share }),
    })
    .nullable(),
});
export type DieshopIndicators = z.infer<typeof dieshopIndicatorsSchema>;

// --------------------------------------------------------------------------------- area summary

export const SUMMARY_AREAS = ['production', 'maintenance', 'dieshop', 'corrections'] as const;
export type SummaryArea = (typeof SUMMARY_AREAS)[number];
export const TRAFFIC_LIGHTS = ['green', 'amber', 'red'] as const;
export type TrafficLight = (typeof TRAFFIC_LIGHTS)[number];

/** The page whose read grant shows an area's card, and the screen its items link to (spec 2.2). */
export const SUMMARY_AREA_PAGES: Record<SummaryArea, { page: PageAlias; title: string; route: string }> = {
  production: { page: 'extrusion-line', title: 'Producción', route: '/apps/extrusion-line/all' },
  maintenance: { page: 'maintenance-dashboard', title: 'Mantenimiento', route: '/apps/maintenance-dashboard/all' },
  dieshop: { page: 'dies', title: 'Matricería', route: '/apps/dies/all' },
  corrections: { page: 'correction-records', title: 'Correcciones', route: '/apps/correction-record/all' },
};

/** A press stopped (unplanned) at least this long turns production red. */
export const SUMMARY_RED_STOP_MINUTES = 30;
/** This many overdue work orders turn maintenance red. */
export const SUMMARY_RED_OVERDUE_ORDERS = 3;

/**
 * The traffic-light rules (documented, simple):
 * - production: red when a press has an unplanned stop open for 30 min or more; amber when a press
 *   is stopped or a running die has missed its last dimension check; green otherwise.
 * - maintenance: red with 3 or more overdue work orders or a machine down for 30 min or more; amber with any overdue
 *   order or overdue preventive plan; green otherwise.
 * - dieshop: red with a die whose nitriding is overdue; amber with one near it or a preparation
 *   late; green otherwise.
 * - corrections: red with an overdue correction; amber with any open one; green otherwise.
 */
export const SUMMARY_RULES: Record<SummaryArea, string> = {
  production: 'Rojo: una prensa detenida 30 min o más. Ámbar: una prensa detenida o un control dimensional vencido o perdido. Verde: lo demás.',
  maintenance: 'Rojo: 3 o más órdenes vencidas o una máquina detenida 30 min o más. Ámbar: alguna orden o plan preventivo vencido. Verde: lo demás.',
  dieshop: 'Rojo: alguna matriz con nitrurado vencido. Ámbar: nitrurado próximo o alistamiento atrasado. Verde: lo demás.',
  corrections: 'Rojo: alguna corrección vencida. Ámbar: correcciones abiertas. Verde: ninguna abierta.',
};

export const summaryItemSchema = z.object({ text: z.string(), route: z.string(), severity: z.enum(TRAFFIC_LIGHTS) });
export type SummaryItem = z.infer<typeof summaryItemSchema>;
export const areaCardSchema = z.object({
  area: z.enum(SUMMARY_AREAS),
  title: z.string(),
  light: z.enum(TRAFFIC_LIGHTS),
  rule: z.string(),
  route: z.string(),
  /** At most three, the most urgent first. */
  items: z.array(summaryItemSchema).max(3),
});
export type AreaCard = z.infer<typeof areaCardSchema>;
export const areaSummarySchema = z.object({ now: isoDateTime, cards: z.array(areaCardSchema) });
export type AreaSummary = z.infer<typeof areaSummarySchema>;

/** The light of a card: the worst of its items' severities (green without items). */
export function cardLight(items: readonly Pick<SummaryItem, 'severity'>[]): TrafficLight {
  if (items.some((item) => item.severity === 'red')) return 'red';
  if (items.some((item) => item.severity === 'amber')) return 'amber';
  return 'green';
}

/** The three most urgent items, red before amber, in their given order otherwise. */
export const topItems = (items: readonly SummaryItem[]): SummaryItem[] =>
  [...items].sort((a, b) => TRAFFIC_LIGHTS.indexOf(b.severity) - TRAFFIC_LIGHTS.indexOf(a.severity)).slice(0, 3);

/** "1 matriz" / "4 matrices": Spanish counts. */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * `GET /api/indicators/press-states`: every press (extrusion line) of the company with its open
 * stop (the planning board's `stopped`: which machine, since when, why, the failure report that
 * stopped it), the stopped ones first, the longest stopped first: the shop-floor display's band.
 */
export const pressStateSchema = z.object({ line_id: z.number().int(), line_name: z.string(), stopped: lineStopSchema.nullable() });
export type PressState = z.infer<typeof pressStateSchema>;
export const pressStatesSchema = z.object({ now: isoDateTime, presses: z.array(pressStateSchema) });
export type PressStates = z.infer<typeof pressStatesSchema>;
