import { z } from 'zod';
import { lineStopSchema } from './maintenance/machine-stop.schema';
import { STOP_CAUSES } from './maintenance.schema';
import { DIE_STATES } from './dieshop.schema';
import { bodyInteger, bodyNumber, isoDate, isoDateTime, listQuerySchema, nameText, periodBound, queryInteger, safeText } from './common.schema';
import { messages } from './messages';
import { BOARD_FINISHED_MAX, BOARD_FINISHED_PAGE, productionMessages } from './production.messages';
import { orderDieSchema, dimensionRecordSchema } from './orders.schema';
import { profileDimensionSchema } from './dieshop/profile.schema';

/**
 * Production: the rules and texts of the catalogue (its resources are declared in
 * resources/production.resources.ts), orders, extrusion runs and the planning board.
 */

/** Cross-section of a round billet, mm², from its diameter in mm. */
export const billetCrossSectionArea = (billetDiameterMm: number) => Math.round(((Math.PI * billetDiameterMm ** 2) / 4) * 100) / 100;

const positiveUpTo = (max: number) => bodyNumber(messages.positiveNumber).positive(messages.positiveNumber).max(max, messages.atMost(max));
/** Zero or more, up to `max`. */
const nonNegativeUpTo = (max: number) => bodyNumber(messages.nonNegativeNumber).min(0, messages.nonNegativeNumber).max(max, messages.atMost(max));
/** A whole number of a body, more than zero and up to `max`. */
const countUpTo = (max: number) =>
  bodyNumber(messages.positiveNumber).int(productionMessages.wholeNumber).positive(messages.positiveNumber).max(max, messages.atMost(max));
const reference = (message: string) => bodyInteger({ message });
const optionalReference = bodyInteger({ message: messages.referenceMissing }).nullable().optional();
const enumOf = <T extends Record<string, string>>(labels: T, message: string) =>
  z.enum(Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]], { error: message });

/**
 * The `PATCH` body of a form: every field optional and without its default, so that a field
 * left out keeps its stored value (the merged record is then checked with the whole form's rules).
 */
export function patchSchemaOf<T extends z.ZodRawShape>(fields: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(fields.shape).map(([key, field]) => [key, ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional()]),
  );
  return z.object(shape) as unknown as ReturnType<z.ZodObject<T>['partial']>;
}

// ---------------------------------------------------------------------------------- Shifts

type WeeklyShift = { start_time: string; end_time: string; days: readonly number[] };
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const WEEK = 7 * 24 * 60;
/** The minutes of the week a shift covers, as [start, end) intervals (a night shift runs into the next day). */
export function shiftWeekIntervals(shift: WeeklyShift): [number, number][] {
  const start = minutesOf(shift.start_time);
  let end = minutesOf(shift.end_time);
  if (end <= start) end += 24 * 60;
  const intervals: [number, number][] = [];
  for (const day of shift.days) {
    const from = (day - 1) * 24 * 60 + start;
    const to = (day - 1) * 24 * 60 + end;
    if (to <= WEEK) intervals.push([from, to]);
    else intervals.push([from, WEEK], [0, to - WEEK]);
  }
  return intervals;
}
/** Whether two shifts share any minute of the week. */
export function shiftsOverlap(a: WeeklyShift, b: WeeklyShift): boolean {
  const other = shiftWeekIntervals(b);
  return shiftWeekIntervals(a).some(([from, to]) => other.some(([otherFrom, otherTo]) => from < otherTo && otherFrom < to));
}

// -------------------------------------------------------------------------- Production orders

/** The order life; the planning board has one column per status (planned: one per line). */
export const ORDER_STATUSES = { to_plan: 'Por planificar', planned: 'Planificada', in_press: 'En prensa', finished: 'Terminada' } as const;
export type OrderStatus = keyof typeof ORDER_STATUSES;
export const OPEN_ORDER_STATUSES = ['to_plan', 'planned', 'in_press'] as const satisfies readonly OrderStatus[];
export const orderStatusSchema = enumOf(ORDER_STATUSES, 'Estado de orden no válido');
/** Whether an extrusion can be started on an order: it is not finished and not extruding now (`POST /api/extrusion/start`). */
export const mayStartExtrusionOn = (order: { status: OrderStatus; running: boolean }) => order.status !== 'finished' && !order.running;

export const orderSchema = z.object({
  number: nameText({ error: messages.required }).toUpperCase().min(1, messages.required).max(40, messages.tooLong(40)),
  customer: nameText({ error: messages.required }).min(1, messages.required).max(120, messages.tooLong(120)),
  profile: nameText({ error: messages.required }).min(1, messages.required).max(120, messages.tooLong(120)),
  die_id: reference(productionMessages.chooseDie),
  alloy_id: reference(productionMessages.chooseAlloy),
  finish_id: optionalReference,
  length_mm: positiveUpTo(30000),
  quantity_pieces: countUpTo(10_000_000),
  quantity_kg: positiveUpTo(10_000_000),
  due_date: isoDate,
  /** Planning a line on creation puts the order in that line's planned column. */
  line_id: optionalReference,
});
export const orderPatchSchema = patchSchemaOf(orderSchema);
export type OrderInput = z.infer<typeof orderSchema>;

export const orderListQuerySchema = listQuerySchema
  .extend({
    status: orderStatusSchema.optional(),
    line_id: queryInteger({ message: productionMessages.boardLine }).optional(),
    /** Due on or after / on or before (YYYY-MM-DD). */
    due_from: isoDate.optional(),
    due_to: isoDate.optional(),
  })
  .refine((query) => !query.due_from || !query.due_to || query.due_from <= query.due_to, {
    message: productionMessages.dueRange,
    path: ['due_to'],
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Server-computed figures of an order or a line: only finished runs count. */
export const productionFiguresSchema = z.object({
  runs: z.number().int(),
  hours: z.number(),
  billets_pushed: z.number().int(),
  billet_kg: z.number(),
  good_kg: z.number(),
  scrap_kg: z.number(),
  /** Good kg per hour of extrusion; null without extrusion time. */
  kg_h: z.number().nullable(),
  /** Good kg / billet kg, 0..1; null without billets. */
  recovery: z.number().nullable(),
  /** Scrap kg / billet kg, 0..1; null without billets. */
  scrap_ratio: z.number().nullable(),
});
export type ProductionFigures = z.infer<typeof productionFiguresSchema>;

/** 'late': a missed mark answered afterwards (from 'Mi extrusión'); neither on time nor missed and unanswered. */
export const DIMENSION_MARK_STATES = ['due', 'answered', 'missed', 'late'] as const;
export type DimensionMarkState = (typeof DIMENSION_MARK_STATES)[number];
/** A 10-minute mark of a run (spec 4, 9) and whether a dimension record answered it. */
export const dimensionMarkSchema = z.object({ at: z.string(), state: z.enum(DIMENSION_MARK_STATES) });
export type DimensionMark = z.infer<typeof dimensionMarkSchema>;

/** Minutes of extrusion between the critical-dimension checks of a running order die (spec 4, 9). */
export const DIMENSION_CHECK_MINUTES = 10;
const CHECK_MS = DIMENSION_CHECK_MINUTES * 60_000;

/**
 * When a running order die's next check is due. The marks fall every 10 minutes of extrusion
 * (10, 20, 30 ... minutes after the start) and a mark is answered by a record saved within the ten
 * minutes after it. Before the first mark: the first mark. Once the current mark is answered: the
 * next one. Otherwise the current mark, overdue (asked for since then, not yet answered).
 */
export function nextDimensionCheck(startedAt: string | Date, lastCheckAt: string | Date | null, now: Date = new Date()): { at: Date; overdue: boolean } {
  const start = new Date(startedAt).getTime();
  const marks = Math.floor((now.getTime() - start) / CHECK_MS);
  if (marks < 1) return { at: new Date(start + CHECK_MS), overdue: false };
  const current = start + marks * CHECK_MS;
  if (lastCheckAt !== null && new Date(lastCheckAt).getTime() >= current) return { at: new Date(current + CHECK_MS), overdue: false };
  return { at: new Date(current), overdue: true };
}

// ----------------------------------------------------------------------------------- Extrusion

export const startExtrusionSchema = z.object({
  order_id: reference(productionMessages.chooseOrder),
  die_id: reference(productionMessages.chooseDie),
  line_id: reference(productionMessages.chooseLine),
  /**
   * Why the run starts although the die's preparation is not finished (its checklist open): only
   * someone allowed to override (PREPARATION_OVERRIDE) may send it; it is kept on the preparation
   * and in the die's log.
   */
  override_reason: nameText({ multiline: true }).max(300, messages.tooLong(300)).optional(),
});
export type StartExtrusion = z.infer<typeof startExtrusionSchema>;
/**
 * `POST /api/extrusion/:orderDieId/stop`. `order_complete`: the operator says the order is done, so
 * it is finished with its last run; otherwise it goes back to 'Planificada' on its line (an order
 * is 'En prensa' only while one of its runs is active).
 */
export const stopExtrusionSchema = z.object({
  billets_pushed: countUpTo(10_000),
  good_kg: nonNegativeUpTo(1_000_000),
  scrap_kg: nonNegativeUpTo(1_000_000),
  order_complete: z.boolean({ error: messages.required }).default(false),
});
export type StopExtrusion = z.infer<typeof stopExtrusionSchema>;

/**
 * `POST /api/extrusion/:orderDieId/late-check`: dimensions A and B answering a missed 10-minute
 * mark of the caller's running run, after its ten minutes closed (stored with the mark and when).
 */
export const lateCheckSchema = z.object({
  /** The missed mark answered (as the run's marks give it). */
  mark_at: isoDateTime,
  dimension_a: dimensionRecordSchema.shape.dimension_value,
  dimension_b: dimensionRecordSchema.shape.dimension_value,
});
export type LateCheck = z.infer<typeof lateCheckSchema>;

/** A running order die of the caller, with its die's profile tolerances for A and B (the prompt shows them before typing). */
/** `GET /api/extrusion-line/figures`: runs started from `from` to before `to` (days alone: whole days of the company's time zone). */
export const lineFiguresQuerySchema = z.object({ from: periodBound.optional(), to: periodBound.optional() });

/** `GET /api/extrusion-line/figures`: kg/h, recovery and scrap per line over a period. */
export const lineFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(z.object({ line_id: z.number().int(), line_name: z.string(), net_productivity_goal_kg_h: z.number(), figures: productionFiguresSchema })),
});
export type LineFigures = z.infer<typeof lineFiguresSchema>;

/**
 * Whether a run is paused: while the press of its line is stopped (a failure report with the
 * machine stopped, a stop entered by hand, planned maintenance) its running time and its 10-minute
 * marks stand still (issue 37). `running_ms` is the run's time less its pauses, up to its end or now.
 */
export const runPauseSchema = z.object({
  paused: z.boolean(),
  paused_since: isoDateTime.nullable(),
  pause_cause: z.enum(STOP_CAUSES).nullable(),
  paused_ms: z.number(),
  running_ms: z.number(),
});
export type RunPause = z.infer<typeof runPauseSchema>;

/**
 * The start a running run would have had without its pauses, for its 10-minute clock
 * (nextDimensionCheck, the prompt): the marks count running time only. Meant for a run that is
 * not paused now (its pauses all ended, `paused_ms` final until the next stop).
 */
export const runningStart = (run: { start_extrusion_time: string; paused_ms: number }): Date =>
  new Date(new Date(run.start_extrusion_time).getTime() + run.paused_ms);

/**
 * `GET /api/extrusion/mine`: a run the caller started that is still running (the welcome
 * dashboard's 'Mi extrusión'), with its last dimension check and the checks missed so far.
 */
export const myRunSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  profile: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  start_extrusion_time: isoDateTime,
  /** The last critical-dimension record of the run made on time (a late answer does not count); null before the first. */
  last_check_at: isoDateTime.nullable(),
  /** 10-minute marks whose window closed without a record and that were not answered late. */
  missed_checks: z.number().int(),
  /** Those marks (ISO), oldest first: each can be answered late. */
  missed_marks: z.array(isoDateTime),
  /** Missed marks answered late. */
  late_checks: z.number().int(),
  /** The profile's dimensions A and B (nominal and tolerance), shown before typing. */
  tolerances: z.array(profileDimensionSchema),
  ...runPauseSchema.shape,
});
export type MyRun = z.infer<typeof myRunSchema>;

/** `GET /api/orders/getActiveTimerOrders`: a running order die (spec 3 shape) and whether its press holds it paused. */
export const runningOrderDieSchema = orderDieSchema.extend({ tolerances: z.array(profileDimensionSchema), ...runPauseSchema.shape });
export type RunningOrderDie = z.infer<typeof runningOrderDieSchema>;

/** `GET /api/extrusion/start-options?order_id`: the presses, and the copies of the order's die, that can start a run now. */
export const startOptionsQuerySchema = z.object({ order_id: queryInteger().optional() });
/** A choice of the start form; `why` says why it cannot start a run now (null: it can). */
export const startOptionSchema = z.object({ id: z.number().int(), name: z.string(), why: z.string().nullable() });
export const startOptionsSchema = z.object({
  lines: z.array(startOptionSchema),
  dies: z.array(
    startOptionSchema.extend({
      die_reference: z.string(),
      copy_number: z.number().int(),
      state: z.enum(DIE_STATES),
      /** Held only by its unfinished preparation, and the caller may start over it with a reason. */
      overridable: z.boolean(),
    }),
  ),
});
export type StartOptions = z.infer<typeof startOptionsSchema>;

/** The answer of `POST /api/extrusion/start`: the running order die (spec 3 shape) and where it runs. */
export const startedRunSchema = orderDieSchema.extend({ order_id: z.number().int(), line_id: z.number().int() });

/** A run (order die) of an order: where and when it ran, what came out, its 10-minute checks. */
export const orderRunSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  die_id: z.number().int(),
  line_id: z.number().int(),
  started_by: z.number().int().nullable(),
  start_extrusion_time: z.string(),
  end_extrusion_time: z.string().nullable(),
  billets_pushed: z.number().int().nullable(),
  billet_kg: z.number().nullable(),
  good_kg: z.number().nullable(),
  scrap_kg: z.number().nullable(),
  active_timer: z.boolean(),
});

/** The answer of `POST /api/extrusion/:orderDieId/stop`: the stopped run and its figures. */
/** A stopped run with its figures, and where its order is now ('planned' back on its line, 'finished', or still 'in_press' with another run). */
export const stoppedRunSchema = orderRunSchema.extend({ figures: productionFiguresSchema, order_status: orderStatusSchema });

// ------------------------------------------------------------------------------ Planning board

export const BOARD_COLUMNS = ORDER_STATUSES;
export const planningBoardMoveSchema = z
  .object({
    order_id: reference(productionMessages.chooseOrder),
    to_column: orderStatusSchema,
    to_line_id: optionalReference,
    position: bodyNumber(productionMessages.nonNegativeNumber)
      .int(productionMessages.wholeNumber)
      .min(0, productionMessages.nonNegativeNumber)
      .max(100_000, messages.atMost(100_000)),
    /**
     * The card it was dropped in front of (none: at `position`). A filtered board shows only some
     * cards of a column, so an index there is not the index in the whole column.
     */
    before_order_id: optionalReference,
  })
  .refine((move) => move.to_column !== 'planned' || !!move.to_line_id, { message: productionMessages.chooseLine, path: ['to_line_id'] });
export type PlanningBoardMove = z.infer<typeof planningBoardMoveSchema>;

/**
 * `GET /api/planning-board` (and the move, which answers the board as its caller sees it): search
 * in number, customer and profile (case- and accent-insensitive, anywhere in the text), one line
 * (its planned column, and the orders in press and finished on it; 'Por planificar' stays whole, as
 * those orders are what can be planned onto it), a due date range, and the window of finished
 * orders (the `finished_limit` most recently finished).
 */
export const planningBoardQuerySchema = z
  .object({
    search: safeText({ error: messages.tooLong(100) })
      .trim()
      .max(100, messages.tooLong(100))
      .optional(),
    line_id: queryInteger({ message: productionMessages.boardLine }).optional(),
    due_from: isoDate.optional(),
    due_to: isoDate.optional(),
    finished_limit: queryInteger({ min: 1, max: BOARD_FINISHED_MAX, message: productionMessages.boardFinishedLimit }).default(BOARD_FINISHED_PAGE),
  })
  .refine((query) => !query.due_from || !query.due_to || query.due_from <= query.due_to, {
    message: productionMessages.boardDueRange,
    path: ['due_to'],
  });
export type PlanningBoardQuery = z.output<typeof planningBoardQuerySchema>;

/** The live event the board emits to the company after a change. */
export const PLANNING_BOARD_CHANGED = 'planningBoardChanged';

/** A card of `GET /api/planning-board`. */
export const boardCardSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  customer: z.string(),
  profile: z.string(),
  due_date: z.string(),
  quantity_kg: z.number(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  line_id: z.number().int().nullable(),
  line_name: z.string().nullable(),
  status: orderStatusSchema,
  position: z.number().int(),
  running: z.boolean(),
  finished_at: z.string().nullable().optional(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/**
 * `GET /api/planning-board` and the answer of a move: the columns of the order life. An open
 * column shows its first BOARD_COLUMN_CARDS cards; each `…_total` counts all the orders of its
 * column matching the filters, so that a column showing only some says so.
 */
export const planningBoardSchema = z.object({
  to_plan: z.array(boardCardSchema),
  to_plan_total: z.number().int(),
  planned: z.array(
    z.object({
      line_id: z.number().int(),
      line_name: z.string(),
      cards: z.array(boardCardSchema),
      total: z.number().int(),
      /** The open stop of a press (or a criticality-A machine) of the line: the line is stopped. */
      stopped: lineStopSchema.nullable().optional(),
    }),
  ),
  in_press: z.array(boardCardSchema),
  in_press_total: z.number().int(),
  finished: z.array(boardCardSchema),
  /** Finished orders matching the filters; `finished` holds the most recent `finished_limit` of them. */
  finished_total: z.number().int(),
});
export type PlanningBoard = z.infer<typeof planningBoardSchema>;

/** An order as the API lists and shows it (`GET /api/orders/all`, `GET /api/orders/:id`). */
export const productionOrderViewSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  customer: z.string(),
  profile: z.string(),
  die_id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  alloy_id: z.number().int(),
  alloy_designation: z.string(),
  alloy_temper: z.string(),
  finish_id: z.number().int().nullable(),
  finish_name: z.string().nullable(),
  length_mm: z.number(),
  quantity_pieces: z.number().int(),
  quantity_kg: z.number(),
  due_date: z.string(),
  line_id: z.number().int().nullable(),
  line_name: z.string().nullable(),
  status: orderStatusSchema,
  board_position: z.number().int(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type ProductionOrderView = z.infer<typeof productionOrderViewSchema>;

/** A run of `GET /api/orders/:id`, with its die, line, 10-minute marks and figures. */
export const orderDetailRunSchema = orderRunSchema.extend({
  die_reference: z.string(),
  copy_number: z.number().int(),
  line_name: z.string(),
  dimension_marks: z.array(dimensionMarkSchema),
  missed_checks: z.number().int(),
  figures: productionFiguresSchema,
  ...runPauseSchema.shape,
});
export type OrderDetailRun = z.infer<typeof orderDetailRunSchema>;

/** `GET /api/orders/:id`: the order, its runs and its figures. */
export const orderDetailSchema = productionOrderViewSchema.extend({
  order_dies: z.array(orderDetailRunSchema),
  missed_checks: z.number().int(),
  figures: productionFiguresSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
