/**
 * Every error code the API answers with, and its HTTP status: the one list the server throws
 * from (`httpError(code, message)` in src/server/http/errors.ts) and the web translates from
 * (src/web/lib/error-text.ts). A new error gets a specific code here (`PROJECT_NAME_TAKEN`,
 * not `CONFLICT`), so that no client has to read the English message to know what happened.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
export const ERROR_CODES = {
  // Any route
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  ORGANIZATION_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  /** The organisation's monthly budget for agents is used up (run-budget.ts). */
  BUDGET_EXCEEDED: 402,
  INTERNAL: 500,
  TABLE_NOT_FOUND: 503,

  // Accounts, sign-in and administration
  USERNAME_TAKEN: 409,
  ACCOUNT_LOCKED: 429,
  ACCOUNT_SUSPENDED: 403,
  EMAIL_NOT_ALLOWED: 403,
  LAST_SUPER_ADMIN: 409,
  CANNOT_BAN_SELF: 409,
  WHITELIST_ENTRY_EXISTS: 409,
  MAIL_OUTBOX_OFF: 404,

  // Organisations, members and invitations
  ORGANIZATION_SLUG_TAKEN: 409,
  LAST_ADMIN_OF_ORGANIZATION: 409,
  ALREADY_MEMBER: 409,
  INVITATION_CLOSED: 410,
  WRONG_INVITEE: 403,

  // Projects, customers
  PROJECT_NAME_TAKEN: 409,
  CUSTOMER_EMAIL_TAKEN: 409,
  IMPORT_INVALID: 422,

  // Data sources
  DATA_SOURCE_NAME_TAKEN: 409,
  CONNECTION_FAILED: 502,
  QUERY_FAILED: 422,
  QUERY_TIMEOUT: 422,
  INVALID_FILE: 422,
  STATEMENT_NOT_ALLOWED: 400,
  PRIVILEGED_ROLE: 403,
  RESULT_TOO_LARGE: 422,
  SECRET_REQUIRED_FOR_NEW_DESTINATION: 400,
  SECRET_UNREADABLE: 422,

  // Model providers
  MODEL_PROVIDER_NAME_TAKEN: 409,

  // Organisation API keys
  API_KEY_NAME_TAKEN: 409,

  // The try-builder's demo model (DEMO_MODEL_*)
  DEMO_MODEL_OFF: 404,
  DEMO_MODEL_FAILED: 502,

  // Agents
  AGENT_REVISION_CONFLICT: 409,
  AGENT_REVISION_REQUIRED: 428,
  AGENT_GRAPH_INVALID: 422,
  AGENT_NOT_PUBLISHED: 409,
  AGENT_IMPORT_INVALID: 422,
  RUN_NOT_RUNNING: 409,
  RUN_NOT_RETRYABLE: 409,
  CHAT_OFF: 409,
  WEBHOOK_SIGNATURE_INVALID: 401,
  WEBHOOK_RUN_FAILED: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The statuses a route may declare as error responses in the OpenAPI document. */
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
