import { ConflictException, HttpException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { z } from 'zod';
import { issuesToFields, messages } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';

interface ConflictTexts {
  /** A row of another table still refers to this one (foreign key, on delete restrict). */
  inUse?: string;
  /** A unique constraint, by its name. */
  unique?: Record<string, string>;
}

const codeOf = (error: unknown) => (error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined);

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
