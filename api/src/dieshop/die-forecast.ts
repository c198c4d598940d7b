import {
  BEST_COPY_UNAVAILABLE_STATES,
  DIE_STATE_PHRASES,
  dieForecastMessages,
  nitridingDue,
  numberText,
  percentOfThreshold,
  type BestCopyItem,
  type DieState,
  type NitridingForecast,
  type ProductionFigures,
} from '@planta/contracts';

/** A die copy's counters since nitriding and the thresholds that apply to it. */
export interface ForecastDie {
  id: number;
  label: string;
  billets_since_nitriding: number;
  kg_since_nitriding: number;
  threshold_billets: number | null;
  threshold_kg: number | null;
}

/** An upcoming order of the board, in board order: the kg still to make and, when known, one billet's weight. */
export interface ForecastOrder {
  id: number;
  number: string;
  die_id: number;
  kg: number;
  billet_kg: number | null;
}

/**
 * Walks each copy's upcoming orders in board order, adding each order's kg to the copy's kg since
 * nitriding, and answers the order during which the copy reaches its limit (domain.md C1), or its
 * first order when the copy is already past it. The plan knows an order's kg; its billets are only
 * an estimate from the line's billet weight, which on a small press crossed the billet interval in
 * nearly every order (8 of 9 cards flagged, issue 38): so the kg interval decides when the copy
 * has one, and the estimated billets only when it has a billet interval alone.
 */
export function forecastNitriding(dies: ForecastDie[], orders: ForecastOrder[]): NitridingForecast[] {
  const found: NitridingForecast[] = [];
  for (const die of dies) {
    if (die.threshold_billets === null && die.threshold_kg === null) continue;
    const reached = (kg: number, billets: number | null) =>
      die.threshold_kg !== null ? kg >= die.threshold_kg : die.threshold_billets !== null && billets !== null && billets >= die.threshold_billets;
    // Past already: the copy's recorded counters, as its own flag reads them ('Nitrurado vencido').
    const alreadyPast = nitridingDue(die, { nitriding_every_billets: die.threshold_billets, nitriding_every_kg: die.threshold_kg }).due === 'overdue';
    let kg = die.kg_since_nitriding;
    // Billets stay counted only while every order's billet weight is known (else kg alone decides).
    let billets: number | null = die.billets_since_nitriding;
    for (const order of orders) {
      if (order.die_id !== die.id) continue;
      kg += order.kg;
      billets = billets !== null && order.billet_kg ? billets + Math.ceil(order.kg / order.billet_kg) : null;
      if (alreadyPast || reached(kg, billets)) {
        found.push({
          die_id: die.id,
          die_label: die.label,
          order_id: order.id,
          order_number: order.number,
          kg_after: Math.round(kg * 10) / 10,
          billets_after: billets,
          threshold_kg: die.threshold_kg,
          threshold_billets: die.threshold_billets,
          already_past: alreadyPast,
          message: alreadyPast ? dieForecastMessages.alreadyPast(die.label, order.number) : dieForecastMessages.reachesLimit(die.label, order.number),
        });
        break;
      }
    }
  }
  return found;
}

/** A copy of the order's die reference, with its counters, thresholds and production history. */
export interface RankedCopyInput {
  id: number;
  die_reference: string;
  copy_number: number;
  state: DieState;
  current: boolean;
  billets_since_nitriding: number;
  kg_since_nitriding: number;
  threshold_billets: number | null;
  threshold_kg: number | null;
  corrections_count: number;
  kg_total: number;
  figures: ProductionFigures;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Ranks the copies of a die reference for an order of `orderKg` (domain.md C2): available copies
 * first; among them a weighted score of the headroom to nitriding left after the order (half),
 * the recovery of their runs (35 %), their kg/h against the best copy's (15 %), less a penalty for
 * corrections per 10 t. Each copy gets its Spanish reasons (the API's language); the portal writes them in the
 * user's language from the numbers each copy carries (margin, recovery, kg_h, corrections_count).
 */
export function rankCopies(copies: RankedCopyInput[], orderKg: number, billetKg: number | null): BestCopyItem[] {
  const fastest = Math.max(0, ...copies.map((copy) => copy.figures.kg_h ?? 0));
  const scored = copies.map((copy) => {
    const available = !(BEST_COPY_UNAVAILABLE_STATES as readonly DieState[]).includes(copy.state);
    // Each counter after the order, % of its own threshold (the one rule of '% del umbral'); the margin is what the first to come leaves.
    const percents = [
      percentOfThreshold(copy.kg_since_nitriding + orderKg, copy.threshold_kg),
      billetKg ? percentOfThreshold(copy.billets_since_nitriding + Math.ceil(orderKg / billetKg), copy.threshold_billets) : null,
    ].filter((percent): percent is number => percent !== null);
    const margin = percents.length ? Math.round(1000 - Math.max(...percents) * 10) / 1000 : null;
    const recovery = copy.figures.recovery;
    const correctionsPer10t = copy.kg_total > 0 ? (copy.corrections_count * 10_000) / copy.kg_total : copy.corrections_count;
    const score = available
      ? 0.5 * clamp(margin ?? 0.5, -1, 1) +
        0.35 * (recovery ?? 0.5) +
        0.15 * (fastest > 0 ? (copy.figures.kg_h ?? 0) / fastest : 0) -
        0.1 * clamp(correctionsPer10t, 0, 1)
      : -10;
    return { copy, available, margin, recovery, score: Math.round(score * 1000) / 1000 };
  });
  scored.sort((a, b) => b.score - a.score || a.copy.copy_number - b.copy.copy_number);
  return scored.map(({ copy, available, margin, recovery, score }, index) => {
    const recommended = index === 0 && available;
    const parts: string[] = [];
    if (!available) parts.push(dieForecastMessages.unavailable(DIE_STATE_PHRASES[copy.state]));
    else {
      parts.push(margin === null ? dieForecastMessages.noThreshold : margin < 0 ? dieForecastMessages.crossesLimit : dieForecastMessages.margin(margin));
      if (recovery !== null) parts.push(dieForecastMessages.recovery(recovery));
      else parts.push(dieForecastMessages.noHistory);
      if (copy.figures.kg_h !== null) parts.push(dieForecastMessages.kgPerHour(numberText(copy.figures.kg_h, 'es', 0)));
      if (copy.corrections_count > 0) parts.push(dieForecastMessages.corrections(copy.corrections_count));
    }
    if (copy.current) parts.push(dieForecastMessages.current);
    return {
      die_id: copy.id,
      copy_number: copy.copy_number,
      die_label: `${copy.die_reference}-${copy.copy_number}`,
      state: copy.state,
      available,
      current: copy.current,
      margin,
      recovery,
      kg_h: copy.figures.kg_h,
      runs: copy.figures.runs,
      corrections_count: copy.corrections_count,
      score,
      recommended,
      reason: dieForecastMessages.reason(copy.copy_number, parts, recommended),
    };
  });
}
