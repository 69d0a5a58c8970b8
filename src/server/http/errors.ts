import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { Logger } from './logger.ts';
import { apiError, zodErrorFields, type ErrorFields } from '../../shared/schemas/error.ts';
import { ERROR_CODES, type ErrorCode } from '../../shared/error-codes.ts';
import { postgresCode, UNDEFINED_TABLE } from '../db/errors.ts';

/** An error that becomes `{ error: { code, message, fields? } }` with its status. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields?: ErrorFields;

  constructor(status: ContentfulStatusCode, code: string, message: string, fields?: ErrorFields) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** An error with one of the codes of src/shared/error-codes.ts, at that code's status. */
export function httpError(code: ErrorCode, message: string, fields?: ErrorFields): HttpError {
  return new HttpError(ERROR_CODES[code] as ContentfulStatusCode, code, message, fields);
}

/** A taken unique value (409), naming the field so that forms show it there. */
export function taken(code: ErrorCode, message: string, field?: string): HttpError {
  return httpError(code, message, field ? { [field]: [message] } : undefined);
}

export const unauthenticated = () =>
  new HttpError(401, 'UNAUTHENTICATED', 'User not authenticated');
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);

export function validationError(error: ZodError): HttpError {
  const first = error.issues[0];
  const message = !first
    ? 'Invalid input'
    : first.code === 'unrecognized_keys'
      ? `Unknown field: ${first.keys.join(', ')}`
      : first.message;
  return new HttpError(400, 'VALIDATION_ERROR', message, zodErrorFields(error));
}

const STATUS_CODES: Partial<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

export function errorResponse(c: Context, error: HttpError) {
  return c.json(apiError(error.code, error.message, error.fields), error.status);
}

/** Maps anything thrown by a handler to the API error shape; unknown errors are logged and hidden. */
export function toApiError(error: unknown, logger: Logger): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message =
      error.status === 400 && /json/i.test(error.message)
        ? 'Malformed JSON in request body'
        : error.message;
    return new HttpError(status, STATUS_CODES[status] ?? 'ERROR', message || 'Request failed');
  }
  if (postgresCode(error) === UNDEFINED_TABLE) {
    logger.error({ err: error }, 'a table is missing: are the migrations applied?');
    return new HttpError(
      503,
      'TABLE_NOT_FOUND',
      'Database table not found. Please contact support.',
    );
  }
  logger.error({ err: error }, 'unhandled error');
  return new HttpError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}
