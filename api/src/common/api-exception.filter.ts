import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Inject, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_REASONS as REASONS, messages, NOT_PROCESSED_HEADER, type ApiError } from '@planta/contracts';
import { apiErrorBody } from './api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseUnavailableException, isDatabaseUnavailable, valueRefusal } from './db-errors';
import { retryAfterOf } from './retry-later';

/**
 * Every error leaves the API in one JSON shape: { statusCode, message, error } plus `fields`
 * for validation. Nothing of a stack trace or SQL ever reaches the response. A database out of
 * reach is a 503 with Retry-After (the client tries again), never a 500; a value the database
 * cannot hold is a 400 on its field.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    const refusal = valueRefusal(thrown, host.switchToHttp().getRequest<FastifyRequest>());
    // Still logged: a schema let through what its column cannot hold.
    if (refusal) this.logger.warn(`A value the database cannot hold reached it: ${describe(thrown)}`);
    const exception = refusal ?? thrown;
    const unavailable = exception instanceof DatabaseUnavailableException || isDatabaseUnavailable(exception);
    const body = unavailable ? unavailableBody : this.toBody(exception);
    if (unavailable) this.logger.warn(`Database unavailable: ${describe(exception)}`);
    else if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.sent) return;
    const retryAfter = retryAfterOf(exception) ?? (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE ? this.config.shutdown.retryAfterSeconds : undefined);
    if (retryAfter !== undefined) response.header('Retry-After', String(retryAfter));
    if (exception instanceof DatabaseUnavailableException && exception.notProcessed) response.header(NOT_PROCESSED_HEADER, 'true');
    void response.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown): ApiError {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      const detail = typeof raw === 'string' ? { message: raw } : (raw as Record<string, unknown>);
      const message = Array.isArray(detail.message) ? detail.message.join('; ') : String(detail.message ?? exception.message);
      return {
        statusCode,
        message: statusCode === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message) ? messages.notFound : message,
        error: REASONS[statusCode] ?? String(detail.error ?? 'Error'),
        ...(detail.fields ? { fields: detail.fields as Record<string, string> } : {}),
        ...(detail.codes ? { codes: detail.codes as Record<string, string> } : {}),
      };
    }
    return apiErrorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'Error interno del servidor');
  }
}

const unavailableBody = apiErrorBody(HttpStatus.SERVICE_UNAVAILABLE, messages.serviceUnavailable);

/** One line for the log: the error and what caused it (the driver's text), without a stack. */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) parts.push(current.message);
  return parts.join(' ← ') || String(error);
}
