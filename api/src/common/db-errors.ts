import { BadRequestException, ConflictException, HttpException, ServiceUnavailableException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { z } from 'zod';
import { issuesToFields, messages } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';
import { fieldError } from './field-error';

interface ConflictTexts {
  /** A row of another table still refers to this one (foreign key, on delete restrict). */
  inUse?: string;
  /** A unique constraint, by its name. */
  unique?: Record<string, string>;
}

const codeOf = (error: unknown) =>
  error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string; message?: string }) : undefined;

/** Runs a write and turns the database's refusals (in use, duplicate) into 409 with a clear message. */
export async function refusingConflicts<T>(work: () => Promise<T>, texts: ConflictTexts): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const driver = codeOf(error);
    // 23503: foreign key violation; 23001: `on delete restrict`.
    if ((driver?.code === '23503' || driver?.code === '23001') && texts.inUse) throw new ConflictException(texts.inUse);
    if (driver?.code === '23505' && texts.unique && driver.constraint && texts.unique[driver.constraint])
      throw new ConflictException(texts.unique[driver.constraint]);
    throw error;
  }
}

/** Whether the error is the violation of that unique constraint or index. */
export const isUniqueViolation = (error: unknown, constraint: string) => {
  const driver = codeOf(error);
  return driver?.code === '23505' && driver.constraint === constraint;
};

/** Whether the error is the violation of that check (or a trigger raising it under that name). */
export const isCheckViolation = (error: unknown, constraint: string) => {
  const driver = codeOf(error);
  return driver?.code === '23514' && driver.constraint === constraint;
};

/**
 * SQLSTATEs of a value its column cannot hold, and what the user is told: 22007
 * invalid_datetime_format, 22008 datetime_field_overflow, 22009 invalid_time_zone_displacement_value,
 * 22003 numeric_value_out_of_range, 22001 string_data_right_truncation.
 */
const VALUE_REFUSALS: Readonly<Record<string, string>> = {
  '22007': messages.dateNotStorable,
  '22008': messages.dateNotStorable,
  '22009': messages.dateNotStorable,
  '22003': messages.numberNotStorable,
  '22001': messages.textNotStorable,
};

/** Where the request carries `text` (PostgreSQL quotes the value it refused), as a dotted path; without recursion. */
function fieldHolding(request: { body?: unknown; query?: unknown; params?: unknown }, text: string): string | undefined {
  const pending: [unknown, string][] = [request.params, request.query, request.body].map((part) => [part, '']);
  while (pending.length > 0) {
    const [current, path] = pending.shift()!;
    if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current as object)) pending.push([child, path ? `${path}.${key}` : key]);
    } else if (path && (typeof current === 'string' || typeof current === 'number') && String(current) === text) return path;
  }
  return undefined;
}

/**
 * The database's refusal of a value beyond its column (a date out of range, a number too large):
 * a rule no schema stated, so the client's error, never a 500. A 400 on the field that sent the
 * value when the request holds what PostgreSQL quotes, else on the request as a whole.
 */
export function valueRefusal(error: unknown, request: { body?: unknown; query?: unknown; params?: unknown }): HttpException | undefined {
  const driver = codeOf(error);
  const message = driver?.code ? VALUE_REFUSALS[driver.code] : undefined;
  if (!message) return undefined;
  const quoted = /"([^"]*)"/.exec(driver?.message ?? '')?.[1];
  const field = quoted === undefined ? undefined : fieldHolding(request, quoted);
  return field ? fieldError(field, message) : new BadRequestException(message);
}

/** Checks a merged record (after a partial update) with the full form rules, answering 400 with field messages. */
export function checkWhole<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues);
  throw new HttpException({ message: Object.values(fields)[0] ?? messages.validationFailed, fields }, 400);
}

/**
 * Refuses (409) when the query finds a row: the readable check before a write that the database
 * would refuse anyway (the constraint stays the guard against races; this keeps refusals out of the error log).
 */
export async function refuseIfAny(scope: TenantScope, sql: string, params: unknown[], message: string): Promise<void> {
  const rows: unknown[] = await scope.manager.query(`select 1 where exists (${sql})`, params);
  if (rows.length > 0) throw new ConflictException(message);
}

// ---------------------------------------------------------------------------------------------
// the database out of reach

/**
 * SQLSTATEs of a server that is going away or not taking connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or stopping), 53300 too_many_connections;
 * and the whole class 08 (connection exception).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a server that cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What pg, pg-pool and TypeORM say when a connection is lost, cannot be made, or the pool is closed. */
const UNAVAILABLE_TEXTS =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Cannot use a pool after calling end on the pool|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Driver not Connected)/;

/**
 * TypeORM's own: its pool is closed or was never reached, or a transaction's connection was lost
 * under it (the server ended it; TypeORM then releases the connection and refuses its next query).
 */
const UNAVAILABLE_TYPEORM_ERRORS = new Set([
  'ConnectionIsNotSetError',
  'CannotExecuteNotConnectedError',
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

/**
 * Whether an error means the database cannot be reached right now (down, restarting, shutting
 * down, refusing connections, the pool closed): the request may succeed later, so it is answered
 * 503 with Retry-After, never 401 or 500. Looks through TypeORM's wrapper, causes and aggregates.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { name, code, message, driverError, cause, errors } = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof name === 'string' && UNAVAILABLE_TYPEORM_ERRORS.has(name)) return true;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_TEXTS.test(message)) return true;
  return [driverError, cause, ...(Array.isArray(errors) ? errors : [])].some((inner) => inner !== error && isDatabaseUnavailable(inner, depth + 1));
}

/**
 * The database could not be reached. `notProcessed`: it failed before the route's own work began
 * (while the caller was being identified or their grants read), so nothing was changed and the
 * client may send the same request again, whatever it is (header NOT_PROCESSED_HEADER).
 */
export class DatabaseUnavailableException extends ServiceUnavailableException {
  constructor(
    readonly notProcessed: boolean,
    cause?: unknown,
  ) {
    super(messages.serviceUnavailable, { cause });
  }
}

/** Rethrows a database outage met before the route's work as a 503 the client may safely repeat. */
export function unavailableBeforeWork(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? new DatabaseUnavailableException(true, error) : error;
}
