/**
 * The vocabulary of the die shop (issue 13, domain.md A2), written once: the database's check
 * constraints (migration 1764700000000), the API's schemas and the screens' texts
 * (`dieshop:enums.<name>.<value>`) all come from these lists.
 */

// The profiles' shapes (PROFILE_SHAPES) are in dieshop/profile-shapes.ts.

/** The die families: thresholds and expected life default per type (`die_family`). */
export const DIE_TYPES = ['solid', 'semi_hollow', 'hollow', 'multi_cavity'] as const;
export type DieType = (typeof DIE_TYPES)[number];

/**
 * A die copy's life (domain.md A2.2): received new, tried, kept in stock, prepared and heated,
 * run on a press, cleaned, corrected, nitrided, scrapped.
 */
export const DIE_STATES = ['new', 'in_stock', 'enlistment', 'oven', 'press', 'cleaning', 'correction', 'trial', 'nitriding', 'scrapped'] as const;
export type DieState = (typeof DIE_STATES)[number];

/** What happened to a die: each state change or action is one append-only `die_event`. */
export const DIE_EVENT_KINDS = [
  'reception',
  'move',
  'run',
  'confirmation',
  'cleaning',
  'inspection',
  'nitriding',
  'correction',
  'trial',
  'enlistment',
  'scrap',
  'edit',
] as const;
export type DieEventKind = (typeof DIE_EVENT_KINDS)[number];

/**
 * The moves of domain.md A2.2's table. Run start and end come from production (a run can start
 * from the oven, from stock when the plant does not require the oven step, or from a trial); every
 * other move is a die-shop action. A die on the press leaves only to cleaning; scrapping is
 * possible from any state but the press.
 */
export const DIE_TRANSITIONS: Readonly<Record<DieState, readonly DieState[]>> = {
  new: ['trial', 'in_stock', 'scrapped'],
  in_stock: ['enlistment', 'press', 'correction', 'nitriding', 'scrapped'],
  enlistment: ['oven', 'in_stock', 'press', 'scrapped'],
  oven: ['press', 'in_stock', 'scrapped'],
  press: ['cleaning'],
  cleaning: ['in_stock', 'correction', 'nitriding', 'scrapped'],
  // in_stock: its non-conformity was discarded before any work (issue 14).
  correction: ['trial', 'in_stock', 'scrapped'],
  trial: ['press', 'in_stock', 'correction', 'scrapped'],
  nitriding: ['in_stock', 'scrapped'],
  scrapped: [],
};

/**
 * States a die may start a run from; `in_stock` and `enlistment` only where the company does not
 * require the oven step. `press`: the next order of the same die, without pulling it (only one
 * run of a die at a time is kept by the database).
 */
export const RUN_START_STATES = ['oven', 'trial', 'in_stock', 'enlistment', 'press'] as const satisfies readonly DieState[];
export const RUN_START_STATES_WITH_OVEN = ['oven', 'trial', 'press'] as const satisfies readonly DieState[];

/** Whether the enlistment of a die with an open correction or an overdue nitriding is refused or only warned about. */
export const ENLISTMENT_GUARDS = ['warn', 'block'] as const;
export type EnlistmentGuard = (typeof ENLISTMENT_GUARDS)[number];

/**
 * Nitriding counters: under the warning share, near it ("nitrurado próximo"), past it ("nitrurado
 * vencido"). A die already at the nitrider, or scrapped, is never due.
 */
export const NITRIDING_DUE = ['ok', 'soon', 'overdue'] as const;
export type NitridingDue = (typeof NITRIDING_DUE)[number];
export const NOT_NITRIDING_DUE_STATES = ['nitriding', 'scrapped'] as const satisfies readonly DieState[];

/** Preparation (alistamiento): requested → being prepared → in the oven → ready → delivered to the press, or cancelled. */
export const ENLISTMENT_STATUSES = ['requested', 'preparing', 'oven', 'ready', 'delivered', 'cancelled'] as const;
export type EnlistmentStatus = (typeof ENLISTMENT_STATUSES)[number];
export const OPEN_ENLISTMENT_STATUSES = ['requested', 'preparing', 'oven', 'ready'] as const satisfies readonly EnlistmentStatus[];

/** How the die came off the press (production confirmation) and why it was pulled. */
export const RUN_CONDITIONS = ['ok', 'needs_correction', 'damaged'] as const;
export type RunCondition = (typeof RUN_CONDITIONS)[number];
export const PULL_REASONS = ['order_end', 'dimensional', 'surface', 'high_pressure', 'breakage', 'other'] as const;
export type PullReason = (typeof PULL_REASONS)[number];

/** Cleaning: caustic soda bath, wet blasting, mechanical; the inspection after it decides the next state. */
export const CLEANING_METHODS = ['caustic', 'wet_blast', 'mechanical'] as const;
export type CleaningMethod = (typeof CLEANING_METHODS)[number];
export const INSPECTION_RESULTS = ['ok', 'correction', 'nitriding', 'scrap'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
/** The state an inspection result sends the die to. */
export const INSPECTION_NEXT_STATE: Record<InspectionResult, DieState> = {
  ok: 'in_stock',
  correction: 'correction',
  nitriding: 'nitriding',
  scrap: 'scrapped',
};

/** Nitriding batches sent to a supplier and confirmed on return against the certificate. */
export const NITRIDING_PROCESSES = ['gas', 'plasma', 'salt_bath'] as const;
export type NitridingProcess = (typeof NITRIDING_PROCESSES)[number];
export const NITRIDING_BATCH_STATUSES = ['sent', 'received', 'confirmed'] as const;
export type NitridingBatchStatus = (typeof NITRIDING_BATCH_STATUSES)[number];
export const NITRIDING_RESULTS = ['accepted', 'rejected'] as const;
export type NitridingResult = (typeof NITRIDING_RESULTS)[number];
/** Typical certificate values, shown as hints beside the confirmed ones, never as rules (domain.md B). */
export const NITRIDING_TYPICAL = { minHardnessHv: 800, caseDepthMm: { min: 0.1, max: 0.15 } } as const;

/** Press tooling (herramental) and its states. */
export const TOOL_KINDS = ['backer', 'bolster', 'ring', 'mandrel', 'container', 'liner', 'stem', 'dummy_block', 'other'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];
export const TOOL_STATES = ['available', 'in_use', 'repair', 'scrapped'] as const;
export type ToolState = (typeof TOOL_STATES)[number];
/** A fixed dummy block whose diameter has grown this much has probably lost its elasticity (domain.md B). */
export const DUMMY_BLOCK_GROWTH_LIMIT_MM = 0.5;

/** Default company settings of the die shop (domain.md B and E); each is a setting the plant changes. */
export const DIESHOP_DEFAULTS = {
  /** "Nitrurado próximo" from this share of a threshold. */
  nitridingWarnPercent: 85,
  enlistmentGuard: 'warn' as EnlistmentGuard,
  ovenRequired: false,
  /** Oxidation of the bearings: alarm past this many hours in the oven (no number found: plant practice). */
  ovenMaxDwellHours: 8,
  /** A die should not enter the press below this (Materials 2022 15(19):6656). */
  minDieTemperatureC: 400,
} as const;

/** A die-family default for a type; a die's own threshold, when set, wins. */
export interface DieThresholds {
  nitriding_every_billets: number | null;
  nitriding_every_kg: number | null;
  expected_life_kg: number | null;
}

/** Spanish refusals of the die's life, shown as the API's message. */
export const dieLifeMessages = {
  illegalMove: (from: string, to: string) => `Una matriz ${from} no puede pasar a ${to}`,
  pressOnlyToCleaning: 'Una matriz que sale de la prensa solo puede ir a limpieza',
  scrappedIsFinal: 'La matriz está dada de baja: ya no cambia de estado',
  scrapWithItsAction: 'Para dar de baja una matriz usa «Dar de baja», con el motivo',
  ovenRequired: (state: string) => `La matriz está ${state}: esta planta exige pasar por el horno antes de la prensa`,
  notRunnable: (state: string) => `La matriz está ${state}: no puede entrar en prensa`,
  stale: 'La matriz cambió mientras tanto: vuelve a cargarla',
  runningNow: 'La matriz está en prensa con una corrida en curso',
  pressByRun: 'Una matriz entra en prensa al iniciar su corrida en la línea',
} as const;

/** The die state's name inside a Spanish sentence ('en limpieza', 'de baja'). */
export const DIE_STATE_PHRASES: Record<DieState, string> = {
  new: 'nueva (en recepción)',
  in_stock: 'en inventario',
  enlistment: 'en alistamiento',
  oven: 'en horno',
  press: 'en prensa',
  cleaning: 'en limpieza',
  correction: 'en corrección',
  trial: 'en prueba',
  nitriding: 'en nitrurado',
  scrapped: 'de baja',
};

/** Why a move is refused, or null when it is allowed. */
export function whyNotMoveDie(from: DieState, to: DieState): string | null {
  if (from === to) return null;
  if (from === 'scrapped') return dieLifeMessages.scrappedIsFinal;
  if (DIE_TRANSITIONS[from].includes(to)) return null;
  if (from === 'press') return dieLifeMessages.pressOnlyToCleaning;
  return dieLifeMessages.illegalMove(DIE_STATE_PHRASES[from], DIE_STATE_PHRASES[to]);
}

/** Why a run cannot start with a die in `state`, or null. */
export function whyNotRun(state: DieState, ovenRequired: boolean): string | null {
  const allowed: readonly DieState[] = ovenRequired ? RUN_START_STATES_WITH_OVEN : RUN_START_STATES;
  if (allowed.includes(state)) return null;
  if (ovenRequired && (RUN_START_STATES as readonly DieState[]).includes(state)) return dieLifeMessages.ovenRequired(DIE_STATE_PHRASES[state]);
  return dieLifeMessages.notRunnable(DIE_STATE_PHRASES[state]);
}

/**
 * The share of its threshold a quantity has used, in percent to one decimal ('7,3 % del umbral'),
 * or null without a threshold: the one rule for every percentage of a threshold shown (inventory,
 * die summary, nitriding list, forecast). A percentage shown beside a quantity is of that quantity's
 * own threshold: kg of the kg one, billets of the billets one.
 */
export function percentOfThreshold(value: number, threshold: number | null | undefined): number | null {
  return threshold ? Math.round((value / threshold) * 1000) / 10 : null;
}

/** The nitriding state of a die: the flag and its percent (whichever comes first), and each counter's own percent. */
export interface NitridingState {
  due: NitridingDue;
  /** The larger of the two below: what the flag follows. */
  percent: number | null;
  /** Billets since nitriding, % of the billets threshold. */
  billets_percent: number | null;
  /** kg since nitriding, % of the kg threshold. */
  kg_percent: number | null;
}

/** How far the counters are from the thresholds: whichever of billets and kg comes first (domain.md B). */
export function nitridingDue(
  counters: { billets_since_nitriding: number; kg_since_nitriding: number },
  thresholds: Pick<DieThresholds, 'nitriding_every_billets' | 'nitriding_every_kg'>,
  warnPercent: number = DIESHOP_DEFAULTS.nitridingWarnPercent,
): NitridingState {
  const billets = percentOfThreshold(counters.billets_since_nitriding, thresholds.nitriding_every_billets);
  const kg = percentOfThreshold(counters.kg_since_nitriding, thresholds.nitriding_every_kg);
  const shares = [
    thresholds.nitriding_every_billets ? counters.billets_since_nitriding / thresholds.nitriding_every_billets : null,
    thresholds.nitriding_every_kg ? counters.kg_since_nitriding / thresholds.nitriding_every_kg : null,
  ].filter((share): share is number => share !== null);
  if (shares.length === 0) return { due: 'ok', percent: null, billets_percent: null, kg_percent: null };
  const share = Math.max(...shares);
  return {
    due: share >= 1 ? 'overdue' : share * 100 >= warnPercent ? 'soon' : 'ok',
    percent: percentOfThreshold(share, 1),
    billets_percent: billets,
    kg_percent: kg,
  };
}
