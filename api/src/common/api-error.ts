import { HTTP_REASONS, type ApiError } from '@planta/contracts';

/** The API's one error shape for a status and its message (answers made outside Nest's routing too). */
export const apiErrorBody = (statusCode: number, message: string): ApiError => ({ statusCode, message, error: HTTP_REASONS[statusCode] ?? 'Error' });
