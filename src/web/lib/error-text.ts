import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../shared/error-codes';
import { ACCOUNT_MESSAGES } from '../../shared/schemas/account';
import { ADMIN_MESSAGES } from '../../shared/schemas/admin';
import { AGENT_MAX_CONCURRENT_RUNS_MESSAGE, AGENT_MESSAGES } from '../../shared/schemas/agents';
import { API_KEY_MESSAGES } from '../../shared/schemas/api-keys';
import {
  BUDGET_MESSAGE,
  MAX_CONCURRENT_RUNS_MESSAGE,
  RUN_RETENTION_MESSAGE,
} from '../../shared/schemas/runs';
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES } from '../../shared/schemas/customers';
import { DATA_SOURCE_MESSAGES } from '../../shared/schemas/data-sources';
import { HELP_REQUEST_MESSAGES } from '../../shared/schemas/help-request';
import { MODEL_PROVIDER_MESSAGES } from '../../shared/schemas/model-providers';
import { ORGANIZATION_MESSAGES } from '../../shared/schemas/organization';
import { PROJECT_MESSAGES } from '../../shared/schemas/projects';
import { WHITELIST_MESSAGES } from '../../shared/schemas/whitelist';
import { HELP_TEXT_MAX_LENGTH, HELP_TEXT_MIN_LENGTH } from '../../shared/constants';
import { thrownToFailure, type Failure } from './errors';
import { formatDuration } from './i18n';

/**
 * The one table of error texts: every error code a user can meet (ours, src/shared/error-codes.ts,
 * and Better Auth's) and every shared field message (the *_MESSAGES of src/shared/schemas, which
 * forms and the server's `fields` show) to its locale key. A feature never keeps its own map: a
 * new code or message gets its line here. A screen that words one code its own way passes
 * `overrides` to errorText.
 */

/** Better Auth's codes (its client errors), translated like ours. */
type BetterAuthCode =
  | 'AUTHENTICATION_FAILED'
  | 'INVALID_EMAIL_OR_PASSWORD'
  | 'EMAIL_NOT_VERIFIED'
  | 'USER_ALREADY_EXISTS'
  | 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_TOO_LONG'
  | 'INVALID_EMAIL'
  | 'INVALID_CODE'
  | 'INVALID_BACKUP_CODE'
  | 'INVALID_TWO_FACTOR_COOKIE'
  | 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'
  | 'ACCOUNT_TEMPORARILY_LOCKED'
  | 'TOTP_CODE_USED';

/** A code a screen may word its own way (ours, Better Auth's, or another server's). */
export type ErrorTextOverrides = Partial<
  Record<ErrorCode | BetterAuthCode | (string & {}), string>
>;

export const ERROR_CODE_KEYS = {
  // Better Auth
  AUTHENTICATION_FAILED: 'auth.errors.authenticationFailed',
  INVALID_EMAIL_OR_PASSWORD: 'auth.errors.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'auth.errors.emailNotVerified',
  USER_ALREADY_EXISTS: 'auth.errors.userExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.errors.userExists',
  PASSWORD_TOO_SHORT: 'auth.errors.passwordTooShort',
  PASSWORD_TOO_LONG: 'auth.errors.passwordTooLong',
  INVALID_EMAIL: 'auth.errors.invalidEmail',
  INVALID_CODE: 'auth.errors.invalidCode',
  INVALID_BACKUP_CODE: 'auth.errors.invalidBackupCode',
  INVALID_TWO_FACTOR_COOKIE: 'auth.errors.twoFactorExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth.errors.tooManyCodeAttempts',
  ACCOUNT_TEMPORARILY_LOCKED: 'auth.errors.accountLocked',
  TOTP_CODE_USED: 'auth.errors.codeAlreadyUsed',
  // Administration
  LAST_SUPER_ADMIN: 'admin.errors.lastSuperAdmin',
  CANNOT_BAN_SELF: 'admin.errors.banSelf',
  MAIL_OUTBOX_OFF: 'admin.errors.outboxOff',
  WHITELIST_ENTRY_EXISTS: 'admin.errors.whitelistDuplicate',
  // Account
  USERNAME_TAKEN: 'account.settings.profile.usernameTaken',
  // Organisations
  ORGANIZATION_SLUG_TAKEN: 'organization.errors.slugTaken',
  LAST_ADMIN_OF_ORGANIZATION: 'organization.errors.lastAdmin',
  ALREADY_MEMBER: 'organization.errors.alreadyMember',
  INVITATION_CLOSED: 'organization.errors.invitationClosed',
  WRONG_INVITEE: 'organization.errors.wrongInvitee',
  // Projects, customers, data sources, help
  PROJECT_NAME_TAKEN: 'projects.errors.nameTaken',
  CUSTOMER_EMAIL_TAKEN: 'customers.errors.emailTaken',
  IMPORT_INVALID: 'customers.import.invalid',
  DATA_SOURCE_NAME_TAKEN: 'dataSources.validation.duplicateName',
  MODEL_PROVIDER_NAME_TAKEN: 'modelProviders.validation.duplicateName',
  API_KEY_NAME_TAKEN: 'apiKeys.errors.nameTaken',
  // Agents
  AGENT_REVISION_CONFLICT: 'agents.errors.revisionConflict',
  AGENT_REVISION_REQUIRED: 'agents.errors.revisionRequired',
  AGENT_GRAPH_INVALID: 'agents.errors.graphInvalid',
  AGENT_NOT_PUBLISHED: 'agents.errors.notPublished',
  AGENT_IMPORT_INVALID: 'agents.errors.importInvalid',
  CHAT_OFF: 'agents.errors.chatOff',
  RUN_NOT_RUNNING: 'agents.errors.runNotRunning',
  RUN_NOT_RETRYABLE: 'agents.errors.runNotRetryable',
  BUDGET_EXCEEDED: 'agentQueue.errors.budgetExceeded',
  TABLE_NOT_FOUND: 'help.errors.tableMissing',
} as const satisfies Partial<Record<ErrorCode | BetterAuthCode, string>>;

/** 429s that lock an account (too many wrong passwords or codes), not a rate limit. */
const LOCK_CODES: ReadonlySet<string> = new Set(['ACCOUNT_LOCKED', 'ACCOUNT_TEMPORARILY_LOCKED']);

const A = ADMIN_MESSAGES;
const G = AGENT_MESSAGES;
const U = ACCOUNT_MESSAGES;
const C = CUSTOMER_MESSAGES;
const D = DATA_SOURCE_MESSAGES;
const H = HELP_REQUEST_MESSAGES;
const M = MODEL_PROVIDER_MESSAGES;
const O = ORGANIZATION_MESSAGES;
const P = PROJECT_MESSAGES;
const W = WHITELIST_MESSAGES;

/**
 * Shared field messages to locale keys. Several schemas share a text ('This field is required');
 * it has one line. First line wins.
 */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [P.required, 'validation.required'],
  [C.email, 'validation.email'],
  [P.nothingToChange, 'projects.errors.nothingToChange'],
  // Projects
  [P.nameMax, 'projects.errors.nameMax'],
  [P.descriptionMax, 'projects.errors.descriptionMax'],
  [P.colour, 'projects.errors.colour'],
  [P.icon, 'projects.errors.icon'],
  [P.nameTaken, 'projects.errors.nameTaken'],
  [P.notFound, 'projects.errors.notFound'],
  // Customers
  [C.phone, 'customers.errors.phone'],
  [C.status, 'customers.errors.status'],
  [C.value, 'customers.errors.value'],
  [C.valueMax, 'customers.errors.valueMax'],
  [C.tag, 'customers.errors.tag'],
  [C.tags, 'customers.errors.tags'],
  [C.owner, 'customers.errors.owner'],
  [C.emailTaken, 'customers.errors.emailTaken'],
  [C.emailRepeated, 'customers.errors.emailRepeated'],
  [C.notFound, 'customers.errors.notFound'],
  [C.ids, 'customers.errors.ids'],
  [C.csvEmpty, 'customers.errors.csvEmpty'],
  [C.csvTooManyRows, 'customers.errors.csvTooManyRows'],
  [C.csvTooLarge, 'customers.errors.csvTooLarge'],
  [C.mappingName, 'customers.errors.mappingName'],
  [C.mappingColumn, 'customers.errors.mappingColumn'],
  [C.mappingTwice, 'customers.errors.mappingTwice'],
  // Organisations
  [O.slug, 'organization.errors.slug'],
  [O.slugTaken, 'organization.errors.slugTaken'],
  [O.lastAdmin, 'organization.errors.lastAdmin'],
  [O.alreadyMember, 'organization.errors.alreadyMember'],
  [O.confirmName, 'organization.errors.confirmName'],
  [O.invitationClosed, 'organization.errors.invitationClosed'],
  [O.wrongInvitee, 'organization.errors.wrongInvitee'],
  // Account
  [U.usernameTaken, 'account.settings.profile.usernameTaken'],
  // Administration
  [A.lastSuperAdmin, 'admin.errors.lastSuperAdmin'],
  [A.banSelf, 'admin.errors.banSelf'],
  [A.banReason, 'admin.errors.banReason'],
  [A.outboxOff, 'admin.errors.outboxOff'],
  [W.pattern, 'admin.errors.whitelistPattern'],
  [W.duplicate, 'admin.errors.whitelistDuplicate'],
  // Data sources
  [D.duplicateName, 'dataSources.validation.duplicateName'],
  [D.notFound, 'dataSources.validation.notFound'],
  [D.host, 'dataSources.validation.host'],
  [D.baseUrl, 'dataSources.validation.baseUrl'],
  [D.headerName, 'dataSources.validation.headerName'],
  [D.headerValue, 'dataSources.validation.headerValue'],
  [D.reservedHeader, 'dataSources.validation.reservedHeader'],
  [D.secretRequired, 'dataSources.validation.secretRequired'],
  [D.authHeaderRequired, 'dataSources.validation.authHeaderRequired'],
  [D.path, 'dataSources.validation.path'],
  [D.oneStatement, 'dataSources.validation.oneStatement'],
  [D.fileRequired, 'dataSources.validation.fileRequired'],
  [D.fileTooLarge, 'dataSources.validation.fileTooLarge'],
  [D.fileFormat, 'dataSources.validation.fileFormat'],
  [D.notAFile, 'dataSources.validation.notAFile'],
  // API keys
  [API_KEY_MESSAGES.duplicateName, 'apiKeys.errors.nameTaken'],
  [API_KEY_MESSAGES.scopes, 'apiKeys.errors.scopes'],
  [API_KEY_MESSAGES.expiry, 'apiKeys.errors.expiry'],
  // Model providers (base URL, header name and value read as the data sources')
  [M.duplicateName, 'modelProviders.validation.duplicateName'],
  [M.notFound, 'modelProviders.validation.notFound'],
  [M.headerValueRequired, 'modelProviders.validation.headerValueRequired'],
  [M.duplicateHeader, 'modelProviders.validation.duplicateHeader'],
  [M.duplicateModel, 'modelProviders.validation.duplicateModel'],
  [M.price, 'modelProviders.validation.price'],
  [M.defaultModel, 'modelProviders.validation.defaultModel'],
  [M.noModel, 'modelProviders.validation.noModel'],
  [M.keyForDestination, 'modelProviders.validation.keyForDestination'],
  [M.headerForDestination, 'modelProviders.validation.headerForDestination'],
  [M.secretUnreadable, 'modelProviders.validation.secretUnreadable'],
  [M.reservedHeader, 'modelProviders.validation.reservedHeader'],
  // Agents (the texts they share with projects read as the projects')
  [G.notFound, 'agents.errors.notFound'],
  [G.versionNotFound, 'agents.errors.versionNotFound'],
  [G.revisionConflict, 'agents.errors.revisionConflict'],
  [G.revisionRequired, 'agents.errors.revisionRequired'],
  [G.graphInvalid, 'agents.errors.graphInvalid'],
  [G.notPublished, 'agents.errors.notPublished'],
  [G.importInvalid, 'agents.errors.importInvalid'],
  [RUN_RETENTION_MESSAGE, 'agents.errors.retention'],
  [MAX_CONCURRENT_RUNS_MESSAGE, 'agentQueue.errors.maxConcurrentRuns'],
  [BUDGET_MESSAGE, 'agentQueue.errors.budget'],
  [AGENT_MAX_CONCURRENT_RUNS_MESSAGE, 'agentQueue.errors.agentMaxConcurrentRuns'],
  // Help requests
  [H.min, 'help.validation.min'],
  [H.max, 'help.validation.max'],
]);

type MessageKey =
  | 'validation.required'
  | 'validation.email'
  | `projects.errors.${'nothingToChange' | 'nameMax' | 'descriptionMax' | 'colour' | 'icon' | 'nameTaken' | 'notFound'}`
  | `customers.errors.${'phone' | 'status' | 'value' | 'valueMax' | 'tag' | 'tags' | 'owner' | 'emailTaken' | 'emailRepeated' | 'notFound' | 'ids' | 'csvEmpty' | 'csvTooManyRows' | 'csvTooLarge' | 'mappingName' | 'mappingColumn' | 'mappingTwice'}`
  | `organization.errors.${'slug' | 'slugTaken' | 'lastAdmin' | 'alreadyMember' | 'confirmName' | 'invitationClosed' | 'wrongInvitee'}`
  | 'account.settings.profile.usernameTaken'
  | `admin.errors.${'lastSuperAdmin' | 'banSelf' | 'banReason' | 'outboxOff' | 'whitelistPattern' | 'whitelistDuplicate'}`
  | `dataSources.validation.${'duplicateName' | 'notFound' | 'host' | 'baseUrl' | 'headerName' | 'headerValue' | 'reservedHeader' | 'secretRequired' | 'authHeaderRequired' | 'path' | 'oneStatement' | 'fileRequired' | 'fileTooLarge' | 'fileFormat' | 'notAFile'}`
  | `modelProviders.validation.${'duplicateName' | 'notFound' | 'headerValueRequired' | 'duplicateHeader' | 'duplicateModel' | 'price' | 'defaultModel' | 'noModel' | 'keyForDestination' | 'headerForDestination' | 'secretUnreadable' | 'reservedHeader'}`
  | `agents.errors.${'notFound' | 'versionNotFound' | 'revisionConflict' | 'revisionRequired' | 'graphInvalid' | 'notPublished' | 'importInvalid' | 'chatOff' | 'runNotRunning' | 'runNotRetryable' | 'retention'}`
  | `agentQueue.errors.${'maxConcurrentRuns' | 'budget' | 'agentMaxConcurrentRuns'}`
  | `apiKeys.errors.${'nameTaken' | 'scopes' | 'expiry'}`
  | `help.validation.${'min' | 'max'}`;

/** The values the texts of the table interpolate (limits of the shared schemas). */
const PARAMS = {
  tagMax: CUSTOMER_LIMITS.tag,
  tagsMax: CUSTOMER_LIMITS.tags,
  rows: CUSTOMER_LIMITS.importRows,
  megabytes: CUSTOMER_LIMITS.importChars / 1024 / 1024,
  bulkMax: CUSTOMER_LIMITS.bulk,
};
const HELP_PARAMS = { min: HELP_TEXT_MIN_LENGTH, max: HELP_TEXT_MAX_LENGTH };

const TOO_LONG = /^Use at most (\d+) characters$/;

/** The locale key of a shared field message, if it is one (for callers that pick their own text). */
export function fieldMessageKey(message: string | undefined): MessageKey | undefined {
  return message ? FIELD_MESSAGE_KEYS.get(message) : undefined;
}

/**
 * A field message (a shared schema's, from a form's validation or the server's `fields`) in the
 * user's language; a message the table does not know is shown as it is.
 */
export function fieldMessageText(t: TFunction, message: string): string;
export function fieldMessageText(t: TFunction, message: string | undefined): string | undefined;
export function fieldMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = FIELD_MESSAGE_KEYS.get(message);
  if (key === 'help.validation.min' || key === 'help.validation.max') return t(key, HELP_PARAMS);
  if (key) return t(key, PARAMS);
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('validation.tooLong', { max: Number(tooLong[1]) });
  // Messages with the parser's detail after the shared text: "The file is not valid CSV (line 3)".
  if (message.startsWith(C.csvMalformed)) {
    const detail = message
      .slice(C.csvMalformed.length)
      .trim()
      .replace(/^\((.*)\)$/, '$1');
    return detail
      ? t('customers.errors.csvMalformedDetail', { detail })
      : t('customers.errors.csvMalformed');
  }
  if (message.startsWith(C.importInvalid)) return t('customers.import.invalid');
  return message;
}

function codeKey(code: string | undefined) {
  return code && Object.hasOwn(ERROR_CODE_KEYS, code)
    ? ERROR_CODE_KEYS[code as keyof typeof ERROR_CODE_KEYS]
    : undefined;
}

/**
 * The text to show for a failed call (an ApiError, a Better Auth failure, anything thrown):
 * the screen's own wording of its code, else the table's text of the code, else of the shared
 * message, else the server's message; the wait of a 429 and an unreachable server in words.
 */
export function errorText(
  t: TFunction,
  language: string,
  error: unknown,
  overrides?: ErrorTextOverrides,
): string {
  const failure: Failure = thrownToFailure(error);
  const own = failure.code ? overrides?.[failure.code] : undefined;
  if (own) return own;
  if (failure.status === 429) {
    const wait =
      failure.retryAfter !== undefined && failure.retryAfter > 0
        ? formatDuration(failure.retryAfter, language)
        : undefined;
    if (failure.code && LOCK_CODES.has(failure.code)) {
      return wait
        ? t('auth.errors.accountLockedFor', { duration: wait })
        : t('auth.errors.accountLocked');
    }
    return wait
      ? t('auth.errors.tooManyRequests', { duration: wait })
      : t('auth.errors.tooManyRequestsNoWait');
  }
  if (failure.status === 0) return t('auth.errors.network');
  const key = codeKey(failure.code);
  if (key) return t(key);
  const message = failure.message?.trim();
  return message ? fieldMessageText(t, message) : t('auth.errors.unknown');
}
