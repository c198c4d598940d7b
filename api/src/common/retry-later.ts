import { HttpException, HttpStatus } from '@nestjs/common';
import { apiErrorBody } from './api-error';

/**
 * A 429 that says when to come back: the exception filter sends `retryAfter` as the Retry-After
 * header (whole seconds), so clients and proxies wait instead of hammering.
 */
export const tooManyRequests = (message: string, seconds: number): HttpException =>
  new HttpException({ ...apiErrorBody(HttpStatus.TOO_MANY_REQUESTS, message), retryAfter: Math.max(1, Math.ceil(seconds)) }, HttpStatus.TOO_MANY_REQUESTS);

/** Whole seconds to wait, when an exception carries them. */
export function retryAfterOf(exception: unknown): number | undefined {
  if (!(exception instanceof HttpException)) return undefined;
  const raw = exception.getResponse();
  const seconds = typeof raw === 'object' && raw !== null ? (raw as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}
