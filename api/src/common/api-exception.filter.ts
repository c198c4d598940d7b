import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { HTTP_REASONS as REASONS, messages, type ApiError } from '@planta/contracts';
import { retryAfterOf } from './retry-later';

/**
 * Every error leaves the API in one JSON shape: { statusCode, message, error } plus `fields`
 * for validation. Nothing of a stack trace or SQL ever reaches the response.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    response.status(body.statusCode).json(body);
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
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Error interno del servidor', error: REASONS[500] };
  }
}
