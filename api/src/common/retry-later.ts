import { HttpException, HttpStatus } from '@nestjs/common';
import { HTTP_REASONS } from '@planta/contracts';

/**
 * An answer that says when to come back: the exception filter sends `retryAfter` as the
 * Retry-After header (whole seconds), so clients and proxies wait instead of hammering.
 */
export function retryLater(status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE, message: string, seconds: number): HttpException {
  return new HttpException({ statusCode: status, message, error: HTTP_REASONS[status], retryAfter: Math.max(1, Math.ceil(seconds)) }, status);
}

export const tooManyRequests = (message: string, seconds: number) => retryLater(HttpStatus.TOO_MANY_REQUESTS, message, seconds);

/** Whole seconds to wait, when an exception carries them. */
export function retryAfterOf(exception: unknown): number | undefined {
  if (!(exception instanceof HttpException)) return undefined;
  const raw = exception.getResponse();
  const seconds = typeof raw === 'object' && raw !== null ? (raw as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}
