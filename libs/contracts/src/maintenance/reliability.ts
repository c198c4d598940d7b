import type { StopCause } from '../maintenance.schema';

/**
 * Reliability figures of a machine over a period (domain.md A1.4 recommendation), written once:
 * the API computes them with these functions and the screens' tooltips explain them with the
 * inputs these functions return. All durations are in hours.
 *
 * - MTBF = (calendar time of the period − all stop time in it) ÷ number of failure stops
 * - MTTR = Σ duration of the failure stops ÷ their number
 * - Availability = MTBF ÷ (MTBF + MTTR); uptime share = 1 − stop time ÷ calendar time
 *
 * A failure stop is an unplanned stop whose cause is a failure of the machine (FAILURE_STOP_CAUSES).
 * Every stop (planned, die change, billet shortage too) counts as stop time: the machine was not
 * running, whatever the reason.
 */

/**
 * Causes that are failures of the machine: mechanical, hydraulic, electrical, a die failure that
 * stops the press, and 'other' (an unexplained unplanned stop is treated as a failure rather than
 * hidden). Billet shortage (a logistics wait), die change (a production step) and planned
 * maintenance are not machine failures.
 */
export const FAILURE_STOP_CAUSES = ['mechanical', 'hydraulic', 'electrical', 'die', 'other'] as const satisfies readonly StopCause[];

export const HOUR_MS = 3_600_000;

type Instant = Date | string;
const ms = (at: Instant) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

export interface StopSpan {
  started_at: Instant;
  /** Null while the stop is still open: it counts until now (or the period's end). */
  ended_at: Instant | null;
  planned: boolean;
  cause: string;
}

export interface ReliabilityPeriod {
  from: Instant;
  to: Instant;
}

/** Whether a stop counts as a failure in MTBF and MTTR. */
export const isFailureStop = (stop: Pick<StopSpan, 'planned' | 'cause'>) => !stop.planned && (FAILURE_STOP_CAUSES as readonly string[]).includes(stop.cause);

/**
 * The period as measured: from `from` to the earlier of `to` and now (time that has not happened
 * yet is neither up time nor stop time). Never negative.
 */
export function measuredPeriod(period: ReliabilityPeriod, now: Instant): { fromMs: number; toMs: number } {
  const fromMs = ms(period.from);
  const toMs = Math.max(fromMs, Math.min(ms(period.to), ms(now)));
  return { fromMs, toMs };
}

/** Hours of a stop inside the period (an open stop runs until now), 0 when it lies outside. */
export function stopHoursInPeriod(stop: Pick<StopSpan, 'started_at' | 'ended_at'>, period: ReliabilityPeriod, now: Instant): number {
  const { fromMs, toMs } = measuredPeriod(period, now);
  const start = Math.max(ms(stop.started_at), fromMs);
  const end = Math.min(stop.ended_at === null ? ms(now) : ms(stop.ended_at), toMs);
  return end > start ? (end - start) / HOUR_MS : 0;
}

export interface ReliabilityFigures {
  /** Calendar hours of the measured period. */
  periodHours: number;
  /** Hours of every stop inside the period (planned ones too). */
  stopHours: number;
  /** Failure stops that touch the period. */
  failureCount: number;
  /** Hours of the failure stops inside the period. */
  failureHours: number;
  /** Null without failures in the period ('sin fallas en el período'): never a division by zero. */
  mtbfHours: number | null;
  mttrHours: number | null;
  /** 0..1; null without failures. */
  availability: number | null;
  /** 0..1; null for an empty period. */
  uptimeShare: number | null;
}

/**
 * MTBF, MTTR, availability and uptime of one machine's stops over a period. Stops are clipped to
 * the period; overlapping stops of one machine cannot exist (the database refuses them), so their
 * hours simply add up.
 */
export function reliabilityFigures(stops: readonly StopSpan[], period: ReliabilityPeriod, now: Instant): ReliabilityFigures {
  const { fromMs, toMs } = measuredPeriod(period, now);
  const periodHours = (toMs - fromMs) / HOUR_MS;
  let stopHours = 0;
  let failureCount = 0;
  let failureHours = 0;
  for (const stop of stops) {
    const hours = stopHoursInPeriod(stop, period, now);
    const touches = hours > 0;
    if (!touches) continue;
    stopHours += hours;
    if (isFailureStop(stop)) {
      failureCount += 1;
      failureHours += hours;
    }
  }
  return figuresFromTotals({ periodHours, stopHours, failureCount, failureHours });
}

/** The figures from their inputs (the API sums the inputs in SQL and finishes here). */
export function figuresFromTotals(inputs: Pick<ReliabilityFigures, 'periodHours' | 'stopHours' | 'failureCount' | 'failureHours'>): ReliabilityFigures {
  const periodHours = Math.max(0, inputs.periodHours);
  const stopHours = Math.min(Math.max(0, inputs.stopHours), periodHours);
  const { failureCount } = inputs;
  const failureHours = Math.min(Math.max(0, inputs.failureHours), stopHours);
  const mtbfHours = failureCount > 0 ? (periodHours - stopHours) / failureCount : null;
  const mttrHours = failureCount > 0 ? failureHours / failureCount : null;
  const availability = mtbfHours !== null && mttrHours !== null ? (mtbfHours + mttrHours > 0 ? mtbfHours / (mtbfHours + mttrHours) : 0) : null;
  const uptimeShare = periodHours > 0 ? 1 - stopHours / periodHours : null;
  return { periodHours, stopHours, failureCount, failureHours, mtbfHours, mttrHours, availability, uptimeShare };
}

/** A request and its first reaction (MTTA) or its completion (cycle time). */
export interface TimedRequest {
  requested_at: Instant;
  /** Null while nothing has happened yet: it is left out of the mean. */
  answered_at: Instant | null;
}

export interface MeanHours {
  /** Null when nothing was answered. */
  hours: number | null;
  count: number;
}

/** Mean hours from request to answer over the answered requests (negative spans count as 0). */
export function meanHours(requests: readonly TimedRequest[]): MeanHours {
  let total = 0;
  let count = 0;
  for (const request of requests) {
    if (request.answered_at === null) continue;
    total += Math.max(0, ms(request.answered_at) - ms(request.requested_at)) / HOUR_MS;
    count += 1;
  }
  return { hours: count > 0 ? total / count : null, count };
}

/**
 * MTTA (mean time to acknowledge): hours from a failure report (or, without one, the work order's
 * creation) to the first reaction — the corrective work order created from the report, or the
 * work started. Cycle time: hours from the report (or creation) to completion. Both are
 * `meanHours` over the pairs the API reads.
 */
export const mtta = meanHours;
export const cycleTime = meanHours;

export interface PreventiveDue {
  due_at: Instant;
  completed_at: Instant | null;
}

export interface Compliance {
  /** Preventive orders due in the period (cancelled ones are not counted). */
  due: number;
  /** Of those, completed on or before their due moment. */
  onTime: number;
  /** 0..1; null when nothing was due. */
  share: number | null;
}

/** PM compliance = preventive orders completed on or before due ÷ preventive orders due in the period. */
export function pmCompliance(orders: readonly PreventiveDue[]): Compliance {
  const due = orders.length;
  const onTime = orders.filter((order) => order.completed_at !== null && ms(order.completed_at) <= ms(order.due_at)).length;
  return complianceFromTotals(due, onTime);
}

export const complianceFromTotals = (due: number, onTime: number): Compliance => ({ due, onTime, share: due > 0 ? onTime / due : null });
