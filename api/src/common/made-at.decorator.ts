import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { idempotencyMessages, MADE_AGO_HEADER, MAX_MADE_AGO_MS } from '@planta/contracts';
import { fieldError } from './field-error';

/**
 * When the user made the request: now, or as long ago as the offline queue says it waited
 * (`Made-Ago-Ms`). The age is measured on the device's clock and subtracted from the server's, so
 * a tablet whose clock is wrong still dates its work right.
 */
function madeAt(header: string | string[] | undefined, now: number): Date {
  if (header === undefined) return new Date(now);
  const text = typeof header === 'string' ? header.trim() : '';
  const age = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!(age <= MAX_MADE_AGO_MS)) throw fieldError(MADE_AGO_HEADER, idempotencyMessages.invalidMadeAgo);
  return new Date(now - age);
}

/** The moment the caller's request was made (see `madeAt`). */
export const MadeAt = createParamDecorator((_data: unknown, context: ExecutionContext): Date => {
  const request = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>();
  return madeAt(request.headers[MADE_AGO_HEADER.toLowerCase()], Date.now());
});
