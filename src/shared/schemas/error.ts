/**
 * The API error shape (ARCHITECTURE.md, Conventions):
 * `{ "error": { "code", "message", "fields"? } }`.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

export const VALIDATION_ERROR = 'VALIDATION_ERROR';
export const UNAUTHENTICATED = 'UNAUTHENTICATED';
export const FORBIDDEN = 'FORBIDDEN';
export const NOT_FOUND = 'NOT_FOUND';
export const CONFLICT = 'CONFLICT';
export const RATE_LIMITED = 'RATE_LIMITED';
export const PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';
export const INTERNAL = 'INTERNAL';

export const ERROR_CODES = {
  VALIDATION_ERROR,
  UNAUTHENTICATED,
  FORBIDDEN,
  NOT_FOUND,
  CONFLICT,
  RATE_LIMITED,
  PAYLOAD_TOO_LARGE,
  INTERNAL,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The HTTP status that goes with each code. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

/** Field name (dotted path for nested fields) to its messages. */
export type ErrorFields = Record<string, string[]>;

export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: ErrorFields;
}

export interface ApiError {
  error: ApiErrorBody;
}

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}

export function apiError(code: string, message: string, fields?: ErrorFields): ApiError {
  return fields === undefined ? { error: { code, message } } : { error: { code, message, fields } };
}

/**
 * The field messages of a zod error, keyed by the dotted path of each issue
 * (`''` for issues about the whole value, e.g. unknown keys at the top level).
 */
export function zodErrorFields(error: z.ZodError): ErrorFields {
  const fields: ErrorFields = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
