import { z } from 'zod';
import { listQuerySchema } from './common.schema';
import { messages } from './messages';

/** Spec 3: the four container temperature control types, with the labels shown. */
export const TEMPERATURE_CONTROL_TYPES = {
  single: 'Temperatura única (homogénea)',
  'radial-gradient': 'Gradiente radial (interior-exterior)',
  'longitudinal-gradient': 'Gradiente longitudinal (atrás-adelante)',
  'radial-longitudinal-gradient': 'Gradiente radial y longitudinal',
} as const;
export const temperatureControlSchema = z.enum(
  Object.keys(TEMPERATURE_CONTROL_TYPES) as [keyof typeof TEMPERATURE_CONTROL_TYPES, ...(keyof typeof TEMPERATURE_CONTROL_TYPES)[]],
  {
    error: 'Elige el tipo de control de temperatura',
  },
);

const positive = (max: number) =>
  z.coerce
    .number({ error: messages.positiveNumber })
    .refine(Number.isFinite, messages.positiveNumber)
    .positive(messages.positiveNumber)
    .max(max, `Debe ser como máximo ${max}`);

export const lineMessages = {
  billetNotSmallerThanContainer: 'El diámetro del tocho debe ser menor que el diámetro interior del contenedor',
  usableTableTooLong: 'La longitud útil de la mesa no puede superar la longitud de la mesa',
  discardNotShorterThanBillet: 'El descarte debe ser más corto que el tocho',
} as const;

/** Cross-section of a round billet, mm², from its diameter in mm. */
export const billetCrossSectionArea = (billetDiameterMm: number) => Math.round(((Math.PI * billetDiameterMm ** 2) / 4) * 100) / 100;

/** Spec 2.4 extrusion line form, with the rules a process engineer expects. Units in the field names. */
export const extrusionLineFieldsSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(80, messages.tooLong(80)),
  press_tonnage_t: positive(20000),
  max_operating_pressure_bar: positive(1000),
  container_brand: z.string().trim().max(80, messages.tooLong(80)).default(''),
  container_reference: z.string().trim().max(80, messages.tooLong(80)).default(''),
  container_inner_diameter_mm: positive(1000),
  billet_diameter_mm: positive(1000),
  cooling_table_length_m: positive(200),
  net_productivity_goal_kg_h: positive(20000),
  tooling_diameter_mm: positive(2000),
  tooling_length_mm: positive(2000),
  container_temperature_control: temperatureControlSchema,
  discard_length_mm: positive(500),
  max_billet_length_mm: positive(3000),
  blunt_length_mm: positive(3000),
  table_length_m: positive(200),
  /** Derived from the billet diameter unless overridden. */
  billet_cross_section_area_mm2: positive(1_000_000).nullable().optional(),
  usable_table_length_m: positive(200),
});

export const extrusionLineSchema = extrusionLineFieldsSchema
  .refine((line) => line.billet_diameter_mm < line.container_inner_diameter_mm, {
    message: lineMessages.billetNotSmallerThanContainer,
    path: ['billet_diameter_mm'],
  })
  .refine((line) => line.usable_table_length_m <= line.table_length_m, { message: lineMessages.usableTableTooLong, path: ['usable_table_length_m'] })
  .refine((line) => line.discard_length_mm < line.max_billet_length_mm, { message: lineMessages.discardNotShorterThanBillet, path: ['discard_length_mm'] });
export type ExtrusionLineInput = z.infer<typeof extrusionLineSchema>;
export type ExtrusionLine = ExtrusionLineInput & { id: number; billet_cross_section_area_mm2: number };

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

/** `PATCH /api/extrusion-line/:id`: any subset; the merged line is checked with the full rules. */
export const extrusionLinePatchSchema = patchSchemaOf(extrusionLineFieldsSchema);

// ---------------------------------------------------------------------------------------------
// Shared building blocks of the production forms (same rules and Spanish texts in API and forms).

export const productionMessages = {
  nonNegativeNumber: 'Debe ser un número igual o mayor que cero',
  wholeNumber: 'Debe ser un número entero',
  timeFormat: 'Usa el formato HH:MM (24 horas)',
  sameStartAndEnd: 'La hora de fin debe ser distinta de la de inicio',
  chooseDays: 'Elige al menos un día',
  shiftOverlap: 'El turno se solapa con otro turno de la misma línea',
  minNotBelowMax: 'El mínimo debe ser menor que el máximo',
  alloyDesignation: 'Usa la designación de la aleación, por ejemplo 6063 o 6005A',
  alloyTemper: 'Temple no válido (por ejemplo F, O, T4, T5, T6 o T66)',
  alloyDensity: 'La densidad de una aleación de aluminio está entre 2,5 y 3,0 g/cm³',
  anodisedColour: 'Indica el color del anodizado',
  anodisedClass: 'Elige la clase de espesor del anodizado',
  ralColour: 'Usa un color RAL, por ejemplo RAL 9016',
  chooseLine: 'Elige la línea',
  chooseDie: 'Elige la matriz',
  chooseAlloy: 'Elige la aleación',
  chooseOrder: 'Elige la orden',
  dateFormat: 'Usa una fecha válida (AAAA-MM-DD)',
  // Conflicts (409) and refusals of the production rules.
  lineInUse: 'La línea está en uso por máquinas, turnos u órdenes: no se puede eliminar',
  lineNameTaken: 'Ya existe una línea con ese nombre',
  finishInUse: 'El acabado está en uso por órdenes: no se puede eliminar',
  finishNameTaken: 'Ya existe un acabado con ese nombre',
  alloyInUse: 'La aleación está en uso por órdenes: no se puede eliminar',
  alloyTaken: 'Ya existe esa aleación con ese temple',
  orderInUse: 'La orden tiene historial de extrusión: no se puede eliminar',
  orderNumberTaken: 'Ya existe una orden con ese número',
  orderLineLocked: 'La línea de una orden en prensa o terminada no se puede cambiar',
  orderFinished: 'La orden ya está terminada',
  dieNotOfOrder: 'La matriz no es una copia de la matriz de la orden',
  dieAlreadyRunning: 'Esta matriz ya está en marcha en otra línea',
  orderDieAlreadyRunning: 'Esta orden ya está en marcha con esta matriz en otra línea',
  lineBusy: 'La línea ya está extruyendo otra orden: detenla antes de iniciar otra',
  orderDieNotRunning: 'La extrusión de esta orden no está en marcha',
  tooMuchOutput: 'Los kg buenos más el scrap superan el peso de los tochos empujados',
  activeTimerOnlyYours: 'Solo puedes consultar tus propias órdenes en marcha',
  boardIntoPress: 'Una orden entra en prensa solo al iniciar su extrusión',
  boardFinishNeverRan: 'No se puede terminar una orden que nunca se extruyó',
  boardRunning: 'La orden está extruyendo: detén la extrusión antes de moverla',
  boardFinishedIsFinal: 'Una orden terminada no vuelve a planificarse',
} as const;

/** A positive number up to `max`. */
export const positiveUpTo = positive;
/** Zero or more, up to `max`. */
export const nonNegativeUpTo = (max: number) =>
  z.coerce
    .number({ error: productionMessages.nonNegativeNumber })
    .refine(Number.isFinite, productionMessages.nonNegativeNumber)
    .min(0, productionMessages.nonNegativeNumber)
    .max(max, `Debe ser como máximo ${max}`);
const optionalText = (max: number) => z.string().trim().max(max, messages.tooLong(max)).default('');
const reference = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const optionalReference = z.coerce.number().int().positive().nullable().optional();
const enumOf = <T extends Record<string, string>>(labels: T, message: string) =>
  z.enum(Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]], { error: message });

// ------------------------------------------------------------------------------------ Machines

export const MACHINE_TYPES = {
  press: 'Prensa',
  'billet-furnace': 'Horno de tochos',
  'die-oven': 'Horno de matrices',
  puller: 'Puller (extractor)',
  saw: 'Sierra',
  stretcher: 'Estiradora',
  'ageing-oven': 'Horno de envejecido',
} as const;
export const MACHINE_STATUSES = {
  operating: 'En operación',
  stopped: 'Detenida',
  maintenance: 'En mantenimiento',
  'out-of-service': 'Fuera de servicio',
} as const;
export const machineSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(80, messages.tooLong(80)),
  type: enumOf(MACHINE_TYPES, 'Elige el tipo de máquina'),
  line_id: optionalReference,
  status: enumOf(MACHINE_STATUSES, 'Elige el estado de la máquina').default('operating'),
  manufacturer: optionalText(80),
  model: optionalText(80),
});
export const machinePatchSchema = patchSchemaOf(machineSchema);
export type MachineInput = z.infer<typeof machineSchema>;
export type Machine = MachineInput & { id: number; line_id: number | null };

// -------------------------------------------------------------------------------------- Shifts

/** ISO weekdays, 1 = Monday. */
export const WEEKDAYS = { 1: 'Lunes', 2: 'Martes', 3: 'Miércoles', 4: 'Jueves', 5: 'Viernes', 6: 'Sábado', 7: 'Domingo' } as const;
const clock = z
  .string({ error: productionMessages.timeFormat })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, productionMessages.timeFormat);
export const shiftFieldsSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(60, messages.tooLong(60)),
  start_time: clock,
  /** May be before the start: the shift then crosses midnight. */
  end_time: clock,
  days: z
    .array(z.coerce.number().int().min(1, productionMessages.chooseDays).max(7, productionMessages.chooseDays), { error: productionMessages.chooseDays })
    .min(1, productionMessages.chooseDays)
    .transform((days) => [...new Set(days)].sort()),
  supervisor: z.string({ error: messages.required }).trim().min(1, messages.required).max(100, messages.tooLong(100)),
  line_id: optionalReference,
});
export const shiftSchema = shiftFieldsSchema.refine((shift) => shift.start_time !== shift.end_time, {
  message: productionMessages.sameStartAndEnd,
  path: ['end_time'],
});
export const shiftPatchSchema = patchSchemaOf(shiftFieldsSchema);
export type ShiftInput = z.infer<typeof shiftSchema>;
export type Shift = ShiftInput & { id: number; line_id: number | null };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const WEEK = 7 * 24 * 60;
/** The minutes of the week a shift covers, as [start, end) intervals (a night shift runs into the next day). */
export function shiftWeekIntervals(shift: Pick<ShiftInput, 'start_time' | 'end_time' | 'days'>): [number, number][] {
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
export function shiftsOverlap(a: Pick<ShiftInput, 'start_time' | 'end_time' | 'days'>, b: Pick<ShiftInput, 'start_time' | 'end_time' | 'days'>): boolean {
  const other = shiftWeekIntervals(b);
  return shiftWeekIntervals(a).some(([from, to]) => other.some(([otherFrom, otherTo]) => from < otherTo && otherFrom < to));
}

// ------------------------------------------------------------------------------------ Finishes

export const FINISH_TYPES = { mill: 'Natural (sin acabado)', anodised: 'Anodizado', 'powder-coated': 'Pintado en polvo' } as const;
/** Anodising thickness classes, in microns (AA5 = 5 µm ... AA25 = 25 µm). */
export const ANODISING_CLASSES = ['AA5', 'AA10', 'AA15', 'AA20', 'AA25'] as const;
export const finishFieldsSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(80, messages.tooLong(80)),
  type: enumOf(FINISH_TYPES, 'Elige el tipo de acabado'),
  colour: optionalText(60),
  micron_class: z.enum(ANODISING_CLASSES, { error: productionMessages.anodisedClass }).nullable().optional(),
  ral_colour: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(RAL \d{4})?$/, productionMessages.ralColour)
    .default(''),
});
export const finishSchema = finishFieldsSchema.superRefine((finish, context) => {
  if (finish.type === 'anodised') {
    if (!finish.colour) context.addIssue({ code: 'custom', message: productionMessages.anodisedColour, path: ['colour'] });
    if (!finish.micron_class) context.addIssue({ code: 'custom', message: productionMessages.anodisedClass, path: ['micron_class'] });
  }
  if (finish.type === 'powder-coated' && !finish.ral_colour) context.addIssue({ code: 'custom', message: productionMessages.ralColour, path: ['ral_colour'] });
});
export const finishPatchSchema = patchSchemaOf(finishFieldsSchema);
export type FinishInput = z.infer<typeof finishSchema>;
export type Finish = FinishInput & { id: number };

// ---------------------------------------------------------------------------- Aluminium alloys

export const aluminumAlloyFieldsSchema = z.object({
  designation: z
    .string({ error: messages.required })
    .trim()
    .toUpperCase()
    .min(1, messages.required)
    .regex(/^\d{4}[A-Z]?$/, productionMessages.alloyDesignation),
  temper: z
    .string({ error: messages.required })
    .trim()
    .toUpperCase()
    .min(1, messages.required)
    .regex(/^(F|O|H\d{1,3}|T\d{1,4})$/, productionMessages.alloyTemper),
  density_g_cm3: positiveUpTo(10).refine((density) => density >= 2.5 && density <= 3, productionMessages.alloyDensity),
  billet_temp_min_c: positiveUpTo(700),
  billet_temp_max_c: positiveUpTo(700),
  exit_temp_min_c: positiveUpTo(700),
  exit_temp_max_c: positiveUpTo(700),
});
export const aluminumAlloySchema = aluminumAlloyFieldsSchema
  .refine((alloy) => alloy.billet_temp_min_c < alloy.billet_temp_max_c, { message: productionMessages.minNotBelowMax, path: ['billet_temp_min_c'] })
  .refine((alloy) => alloy.exit_temp_min_c < alloy.exit_temp_max_c, { message: productionMessages.minNotBelowMax, path: ['exit_temp_min_c'] });
export const aluminumAlloyPatchSchema = patchSchemaOf(aluminumAlloyFieldsSchema);
export type AluminumAlloyInput = z.infer<typeof aluminumAlloySchema>;
export type AluminumAlloy = AluminumAlloyInput & { id: number };

// -------------------------------------------------------------------------- Production orders

/** The order life; the planning board has one column per status (planned: one per line). */
export const ORDER_STATUSES = { to_plan: 'Por planificar', planned: 'Planificada', in_press: 'En prensa', finished: 'Terminada' } as const;
export type OrderStatus = keyof typeof ORDER_STATUSES;
export const OPEN_ORDER_STATUSES = ['to_plan', 'planned', 'in_press'] as const satisfies readonly OrderStatus[];
export const orderStatusSchema = enumOf(ORDER_STATUSES, 'Estado de orden no válido');

const isoDate = z
  .string({ error: productionMessages.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, productionMessages.dateFormat)
  .refine(
    (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    productionMessages.dateFormat,
  );

export const orderSchema = z.object({
  number: z.string({ error: messages.required }).trim().toUpperCase().min(1, messages.required).max(40, messages.tooLong(40)),
  customer: z.string({ error: messages.required }).trim().min(1, messages.required).max(120, messages.tooLong(120)),
  profile: z.string({ error: messages.required }).trim().min(1, messages.required).max(120, messages.tooLong(120)),
  die_id: reference(productionMessages.chooseDie),
  alloy_id: reference(productionMessages.chooseAlloy),
  finish_id: optionalReference,
  length_mm: positiveUpTo(30000),
  quantity_pieces: z.coerce
    .number({ error: messages.positiveNumber })
    .int(productionMessages.wholeNumber)
    .positive(messages.positiveNumber)
    .max(10_000_000, 'Debe ser como máximo 10000000'),
  quantity_kg: positiveUpTo(10_000_000),
  due_date: isoDate,
  /** Planning a line on creation puts the order in that line's planned column. */
  line_id: optionalReference,
});
export const orderPatchSchema = patchSchemaOf(orderSchema);
export type OrderInput = z.infer<typeof orderSchema>;

export const orderListQuerySchema = listQuerySchema.extend({
  status: orderStatusSchema.optional(),
  line_id: z.coerce.number().int().positive().optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Server-computed figures of an order or a line: only finished runs count. */
export interface ProductionFigures {
  runs: number;
  hours: number;
  billets_pushed: number;
  billet_kg: number;
  good_kg: number;
  scrap_kg: number;
  /** Good kg per hour of extrusion; null without extrusion time. */
  kg_h: number | null;
  /** Good kg / billet kg, 0..1; null without billets. */
  recovery: number | null;
  /** Scrap kg / billet kg, 0..1; null without billets. */
  scrap_ratio: number | null;
}

export type DimensionMarkState = 'due' | 'answered' | 'missed';
/** A 10-minute mark of a run (spec 4, 9) and whether a dimension record answered it. */
export interface DimensionMark {
  at: string;
  state: DimensionMarkState;
}

// ----------------------------------------------------------------------------------- Extrusion

export const startExtrusionSchema = z.object({
  order_id: reference(productionMessages.chooseOrder),
  die_id: reference(productionMessages.chooseDie),
  line_id: reference(productionMessages.chooseLine),
});
export type StartExtrusion = z.infer<typeof startExtrusionSchema>;
export const stopExtrusionSchema = z.object({
  billets_pushed: z.coerce
    .number({ error: messages.positiveNumber })
    .int(productionMessages.wholeNumber)
    .positive(messages.positiveNumber)
    .max(10_000, 'Debe ser como máximo 10000'),
  good_kg: nonNegativeUpTo(1_000_000),
  scrap_kg: nonNegativeUpTo(1_000_000),
});
export type StopExtrusion = z.infer<typeof stopExtrusionSchema>;

export const lineFiguresQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

// ------------------------------------------------------------------------------ Planning board

export const BOARD_COLUMNS = ORDER_STATUSES;
export const planningBoardMoveSchema = z
  .object({
    order_id: reference(productionMessages.chooseOrder),
    to_column: orderStatusSchema,
    to_line_id: optionalReference,
    position: z.coerce
      .number({ error: productionMessages.nonNegativeNumber })
      .int(productionMessages.wholeNumber)
      .min(0, productionMessages.nonNegativeNumber)
      .max(100_000),
  })
  .refine((move) => move.to_column !== 'planned' || !!move.to_line_id, { message: productionMessages.chooseLine, path: ['to_line_id'] });
export type PlanningBoardMove = z.infer<typeof planningBoardMoveSchema>;

/** The live event the board emits to the company after a change. */
export const PLANNING_BOARD_CHANGED = 'planningBoardChanged';

/** A card of `GET /api/planning-board`. */
export interface BoardCard {
  id: number;
  number: string;
  customer: string;
  profile: string;
  due_date: string;
  quantity_kg: number;
  die_reference: string;
  copy_number: number;
  line_id: number | null;
  line_name: string | null;
  status: OrderStatus;
  position: number;
  running: boolean;
  finished_at?: string | null;
}

/** `GET /api/planning-board` and the answer of a move: the columns of the order life. */
export interface PlanningBoard {
  to_plan: BoardCard[];
  planned: { line_id: number; line_name: string; cards: BoardCard[] }[];
  in_press: BoardCard[];
  finished: BoardCard[];
}

/** An order as the API lists and shows it (`GET /api/orders/all`, `GET /api/orders/:id`). */
export interface ProductionOrderView {
  id: number;
  number: string;
  customer: string;
  profile: string;
  die_id: number;
  die_reference: string;
  copy_number: number;
  alloy_id: number;
  alloy_designation: string;
  alloy_temper: string;
  finish_id: number | null;
  finish_name: string | null;
  length_mm: number;
  quantity_pieces: number;
  quantity_kg: number;
  due_date: string;
  line_id: number | null;
  line_name: string | null;
  status: OrderStatus;
  board_position: number;
  finished_at: string | null;
  created_at: string;
}
