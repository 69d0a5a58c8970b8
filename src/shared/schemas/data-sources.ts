/**
 * Data sources (issue 6, section 2): PostgreSQL, MySQL/MariaDB, HTTP APIs and uploaded files.
 * Forms and the API share these schemas. Secrets (a database password, a bearer token, the value
 * of an authentication header) travel only in `secret` and are never sent back: the API answers
 * `hasSecret` instead.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import type { ErrorCode } from '../error-codes.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { searchQuerySchema, sortOrderSchema } from './query.ts';

export const DATA_SOURCE_TYPES = ['postgres', 'mysql', 'http', 'file'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];
/** The types configured through a form (a file source is made by uploading a file). */
export const CONFIGURED_DATA_SOURCE_TYPES = ['postgres', 'mysql', 'http'] as const;
export type ConfiguredDataSourceType = (typeof CONFIGURED_DATA_SOURCE_TYPES)[number];
export const SQL_DATA_SOURCE_TYPES = ['postgres', 'mysql'] as const;
export type SqlDataSourceType = (typeof SQL_DATA_SOURCE_TYPES)[number];

export const isSqlDataSourceType = (type: DataSourceType): type is SqlDataSourceType =>
  (SQL_DATA_SOURCE_TYPES as readonly string[]).includes(type);

/**
 * TLS for database connections: off; 'prefer' (the default, as libpq's): encrypted when the
 * server offers it, plain otherwise; encrypted without checking the certificate; or verified.
 */
export const DATABASE_TLS_MODES = ['disable', 'prefer', 'require', 'verify-full'] as const;
export type DatabaseTlsMode = (typeof DATABASE_TLS_MODES)[number];
export const DEFAULT_DATABASE_TLS_MODE: DatabaseTlsMode = 'prefer';

export const HTTP_AUTH_TYPES = ['none', 'bearer', 'header'] as const;
export type HttpAuthType = (typeof HTTP_AUTH_TYPES)[number];

export const FILE_FORMATS = ['csv', 'json'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The types inferred for the columns of an uploaded file. */
export const FILE_COLUMN_TYPES = [
  'integer',
  'number',
  'boolean',
  'date',
  'datetime',
  'text',
  'json',
] as const;
export type FileColumnType = (typeof FILE_COLUMN_TYPES)[number];

export const DATA_SOURCE_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  secretMaxLength: 4096,
  /** 'Test connection' gives up after this long. */
  testTimeoutMs: 10_000,
  /** A console query is cancelled by the database after this long. */
  queryTimeoutMs: 30_000,
  /** The query console shows at most this many rows and says when there were more. */
  rowCap: 1000,
  /** A query result holds at most this many bytes of cells; `truncated` says when it stopped. */
  resultMaxBytes: 10 * 1024 * 1024,
  /** A query runs in a worker thread whose JavaScript heap may grow to this many MB. */
  queryWorkerHeapMb: 256,
  /** A CSV export of a query result holds at most this many rows. */
  exportRowCap: 10_000,
  sqlMaxLength: 100_000,
  /** Uploaded CSV or JSON files. */
  fileMaxBytes: 50 * 1024 * 1024,
  fileMaxColumns: 500,
  /** How many invalid rows an upload report lists (the count is always complete). */
  fileReportedErrors: 50,
  httpMaxHeaders: 20,
  httpPathMaxLength: 2000,
  httpMaxQueryParams: 50,
  /** An HTTP response body is read up to this size. */
  httpBodyMaxBytes: 5 * 1024 * 1024,
  /** The raw body an HTTP query result shows. */
  httpBodyPreviewChars: 100_000,
  fileMaxFilters: 20,
  fileMaxSorts: 3,
} as const;

// ---------------------------------------------------------------------------
// Connection failures
// ---------------------------------------------------------------------------

/** Why a connection test (or a query's connection) failed. */
export const CONNECTION_FAILURE_CAUSES = [
  'NAME_NOT_FOUND',
  'CONNECTION_REFUSED',
  'AUTHENTICATION_FAILED',
  'TLS',
  'TIMEOUT',
  'DATABASE_NOT_FOUND',
  'UNREACHABLE',
  'HTTP_ERROR',
  'ADDRESS_NOT_ALLOWED',
  'UNKNOWN',
] as const;
export type ConnectionFailureCause = (typeof CONNECTION_FAILURE_CAUSES)[number];

/**
 * API error codes of this module, from the one list (src/shared/error-codes.ts). A connection
 * failure answers 502 with CONNECTION_FAILED and the cause in `fields.cause[0]`; a query the
 * external system refused answers 422.
 */
export const DATA_SOURCE_ERROR_CODES = {
  nameTaken: 'DATA_SOURCE_NAME_TAKEN',
  connectionFailed: 'CONNECTION_FAILED',
  queryFailed: 'QUERY_FAILED',
  queryTimeout: 'QUERY_TIMEOUT',
  invalidFile: 'INVALID_FILE',
  statementNotAllowed: 'STATEMENT_NOT_ALLOWED',
  privilegedRole: 'PRIVILEGED_ROLE',
  resultTooLarge: 'RESULT_TOO_LARGE',
  secretForDestination: 'SECRET_REQUIRED_FOR_NEW_DESTINATION',
  secretUnreadable: 'SECRET_UNREADABLE',
} as const satisfies Record<string, ErrorCode>;

export const DATA_SOURCE_MESSAGES = {
  required: 'This field is required',
  duplicateName: 'A data source with this name already exists',
  notFound: 'Data source not found',
  projectNotFound: 'Project not found',
  host: 'Enter a host name or IP address, without http:// or a port',
  baseUrl: 'Enter an http:// or https:// address, without a user name, password or #fragment',
  headerName: 'Enter a valid header name (letters, digits and - only)',
  headerValue: 'Header values cannot contain line breaks',
  reservedHeader: 'This header is set by the connection itself',
  secretRequired: 'Enter the token or header value',
  authHeaderRequired: 'Enter the name of the authentication header',
  path: 'Enter a path under the base address, starting with /',
  oneStatement: 'Run one statement at a time',
  fileRequired: 'Choose a CSV or JSON file',
  fileTooLarge: 'The file is larger than 50 MB',
  fileFormat: 'Upload a .csv or .json file',
  notAFile: 'Only file data sources take an uploaded file',
  privilegedRole:
    'This PostgreSQL role is a superuser or may read or write the database server’s files or run programs on it, so a query could reach that server’s machine. Only an organisation admin can query this source until an admin accepts the risk; better, connect with a read-only role.',
  resultTooLarge:
    'The result is too large to read: select fewer or shorter columns, or fewer rows.',
  secretForDestination:
    'The stored password or token is only sent to the address it was saved for. Enter it again to use it with the new host, port or base URL.',
  secretUnreadable:
    'The stored credentials cannot be decrypted (the app secret changed). Enter them again.',
} as const;

// ---------------------------------------------------------------------------
// Settings per type
// ---------------------------------------------------------------------------

const HOST = /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$|^\[?[0-9A-Fa-f:.]+\]?$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers fetch or the connection itself sets; a source may not override them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);

export const dataSourceNameSchema = z
  .string({ error: DATA_SOURCE_MESSAGES.required })
  .trim()
  .min(1, { error: DATA_SOURCE_MESSAGES.required })
  .max(DATA_SOURCE_LIMITS.nameMaxLength);
export const dataSourceDescriptionSchema = z
  .string()
  .trim()
  .max(DATA_SOURCE_LIMITS.descriptionMaxLength);

const hostSchema = z
  .string({ error: DATA_SOURCE_MESSAGES.required })
  .trim()
  .min(1, { error: DATA_SOURCE_MESSAGES.required })
  .regex(HOST, { error: DATA_SOURCE_MESSAGES.host });
const portSchema = z.coerce.number().int().min(1).max(65535);
const identifierSchema = z
  .string({ error: DATA_SOURCE_MESSAGES.required })
  .trim()
  .min(1, { error: DATA_SOURCE_MESSAGES.required })
  .max(128);

const databaseConfigShape = {
  host: hostSchema,
  database: identifierSchema,
  user: identifierSchema,
  ssl: z.enum(DATABASE_TLS_MODES).default(DEFAULT_DATABASE_TLS_MODE),
};

export const postgresConfigSchema = z.strictObject({
  ...databaseConfigShape,
  port: portSchema.default(5432),
});
export type PostgresConfig = z.output<typeof postgresConfigSchema>;

export const mysqlConfigSchema = z.strictObject({
  ...databaseConfigShape,
  port: portSchema.default(3306),
});
export type MysqlConfig = z.output<typeof mysqlConfigSchema>;
export type DatabaseConfig = PostgresConfig | MysqlConfig;

/** True for an http(s) address without credentials or fragment. */
export function isHttpBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    !url.hash &&
    !value.includes('#')
  );
}

const headerNameSchema = z
  .string({ error: DATA_SOURCE_MESSAGES.required })
  .trim()
  .regex(HEADER_NAME, { error: DATA_SOURCE_MESSAGES.headerName })
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), {
    error: DATA_SOURCE_MESSAGES.reservedHeader,
  });
const headerValueSchema = z
  .string()
  .max(4000)
  .refine((value) => !/[\r\n\0]/.test(value), { error: DATA_SOURCE_MESSAGES.headerValue });

export const httpConfigSchema = z
  .strictObject({
    baseUrl: z
      .string({ error: DATA_SOURCE_MESSAGES.required })
      .trim()
      .max(2000)
      .refine(isHttpBaseUrl, { error: DATA_SOURCE_MESSAGES.baseUrl }),
    authType: z.enum(HTTP_AUTH_TYPES).default('none'),
    /** The header that carries the secret when authType is `header` (e.g. X-API-Key). */
    authHeader: headerNameSchema.optional(),
    /** Sent with every request; not secret (put keys in the authentication header). */
    headers: z
      .array(z.strictObject({ name: headerNameSchema, value: headerValueSchema }))
      .max(DATA_SOURCE_LIMITS.httpMaxHeaders)
      .default([]),
    /** The path 'Test connection' requests, relative to the base address (default: the base). */
    testPath: z.string().trim().max(DATA_SOURCE_LIMITS.httpPathMaxLength).default(''),
  })
  .superRefine((config, ctx) => {
    if (config.authType === 'header' && !config.authHeader) {
      ctx.addIssue({
        code: 'custom',
        path: ['authHeader'],
        message: DATA_SOURCE_MESSAGES.authHeaderRequired,
      });
    }
    if (config.testPath && !isRelativePath(config.testPath)) {
      ctx.addIssue({ code: 'custom', path: ['testPath'], message: DATA_SOURCE_MESSAGES.path });
    }
  });
export type HttpConfig = z.output<typeof httpConfigSchema>;

export const fileColumnSchema = z.object({ name: z.string(), type: z.enum(FILE_COLUMN_TYPES) });
export type FileColumn = z.output<typeof fileColumnSchema>;

/** What the server keeps about an uploaded file (not editable; replaced by a new upload). */
export const fileConfigSchema = z.object({
  format: z.enum(FILE_FORMATS),
  fileName: z.string(),
  size: z.number(),
  rowCount: z.number(),
  skippedRows: z.number(),
  columns: z.array(fileColumnSchema),
  uploadedAt: z.string(),
});
export type FileConfig = z.output<typeof fileConfigSchema>;

export type DataSourceConfig = PostgresConfig | MysqlConfig | HttpConfig | FileConfig;

/** The editable settings schema of a type (a file source has none). */
export function configSchemaFor(type: ConfiguredDataSourceType) {
  return type === 'postgres'
    ? postgresConfigSchema
    : type === 'mysql'
      ? mysqlConfigSchema
      : httpConfigSchema;
}

/** A path under the base address: starts with `/` (or is empty), no scheme, no `//` host. */
export function isRelativePath(path: string): boolean {
  return path === '' || (path.startsWith('/') && !path.startsWith('//') && !/[\s#]/.test(path));
}

const secretSchema = z.string().max(DATA_SOURCE_LIMITS.secretMaxLength);

/** An HTTP source with bearer or header authentication needs its secret. */
function requireHttpSecret(
  value: { type: string; config: unknown; secret?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.type !== 'http') return;
  const config = value.config as HttpConfig;
  if (config.authType !== 'none' && !value.secret) {
    ctx.addIssue({
      code: 'custom',
      path: ['secret'],
      message: DATA_SOURCE_MESSAGES.secretRequired,
    });
  }
}

/** One variant per configured type: its settings, the secret, and `fields` (name, description…). */
function variants<F extends z.core.$ZodLooseShape>(fields: F) {
  return [
    z.strictObject({
      type: z.literal('postgres'),
      ...fields,
      config: postgresConfigSchema,
      secret: secretSchema.optional(),
    }),
    z.strictObject({
      type: z.literal('mysql'),
      ...fields,
      config: mysqlConfigSchema,
      secret: secretSchema.optional(),
    }),
    z.strictObject({
      type: z.literal('http'),
      ...fields,
      config: httpConfigSchema,
      secret: secretSchema.optional(),
    }),
  ] as const;
}

/**
 * 'Test connection' of settings not saved yet: the create form as it is (name and description
 * may be there, and are not needed).
 */
export const dataSourceTestInputSchema = z
  .discriminatedUnion(
    'type',
    variants({
      name: z.string().max(DATA_SOURCE_LIMITS.nameMaxLength).optional(),
      description: z.string().max(DATA_SOURCE_LIMITS.descriptionMaxLength).optional(),
    }),
  )
  .superRefine(requireHttpSecret);
export type DataSourceTestInput = z.input<typeof dataSourceTestInputSchema>;

export const dataSourceCreateSchema = z
  .discriminatedUnion(
    'type',
    variants({
      name: dataSourceNameSchema,
      description: dataSourceDescriptionSchema.default(''),
    }),
  )
  .superRefine(requireHttpSecret);
export type DataSourceCreateInput = z.input<typeof dataSourceCreateSchema>;
export type DataSourceCreate = z.output<typeof dataSourceCreateSchema>;

/**
 * A change: only the fields given change. `config` replaces the whole settings object of the
 * source's type (validated against it by the server). `secret`: absent keeps the stored secret,
 * a string replaces it ('replace' in the form), null removes it.
 */
export const dataSourceUpdateSchema = z.strictObject({
  name: dataSourceNameSchema.optional(),
  description: dataSourceDescriptionSchema.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  secret: secretSchema.nullable().optional(),
});
export type DataSourceUpdateInput = z.input<typeof dataSourceUpdateSchema>;

/** 'Test connection' of a saved source, optionally with edited settings (the stored secret is kept unless given). */
export const dataSourceSavedTestSchema = z.strictObject({
  config: z.record(z.string(), z.unknown()).optional(),
  secret: secretSchema.nullable().optional(),
});

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

export const DATA_SOURCE_SORTS = ['name', 'type', 'createdAt', 'updatedAt'] as const;

export const dataSourceListQuerySchema = pageQuerySchema.extend({
  search: searchQuerySchema,
  type: z.enum(DATA_SOURCE_TYPES).optional(),
  projectId: z.uuid().optional(),
  sort: z.enum(DATA_SOURCE_SORTS).default('name'),
  order: sortOrderSchema.default('asc'),
});
export type DataSourceListQuery = z.output<typeof dataSourceListQuerySchema>;

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** A data source as the API returns it; the secret never (`hasSecret` says there is one). */
export const dataSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DATA_SOURCE_TYPES),
  /** The settings of its type (PostgresConfig, MysqlConfig, HttpConfig or FileConfig). */
  config: z.record(z.string(), z.unknown()),
  /** The password, token or header value is stored (encrypted). */
  hasSecret: z.boolean(),
  /** PostgreSQL: an admin accepted that the role may reach the server's files or programs. */
  privilegedRoleAccepted: z.boolean(),
  projectCount: z.number(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataSourceDto = z.infer<typeof dataSourceSchema>;

export const dataSourcePageSchema = pageSchema(dataSourceSchema);

/** One data source with the projects it is assigned to. */
export const dataSourceDetailSchema = dataSourceSchema.extend({
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DataSourceDetailDto = z.infer<typeof dataSourceDetailSchema>;

export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  cause: z.enum(CONNECTION_FAILURE_CAUSES).nullable(),
  message: z.string(),
  durationMs: z.number(),
  serverVersion: z.string().nullable(),
  /** PostgreSQL: the role is a superuser or may reach the server's files or programs. */
  privilegedRole: z.boolean().optional(),
});
export type ConnectionTestResult = z.output<typeof connectionTestResultSchema>;

export const schemaColumnSchema = z.object({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
});
export const schemaTableSchema = z.object({
  schema: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['table', 'view', 'file']),
  columns: z.array(schemaColumnSchema),
});
export const dataSourceSchemaResultSchema = z.object({
  tables: z.array(schemaTableSchema),
  truncated: z.boolean(),
});
export type DataSourceSchemaResult = z.output<typeof dataSourceSchemaResultSchema>;
export type SchemaTable = z.output<typeof schemaTableSchema>;

export const queryResultSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(z.unknown())),
  rowCount: z.number(),
  /** More rows existed than the row cap (or than the byte cap, see `truncatedBy`). */
  truncated: z.boolean(),
  /** Why the result stops early: the row cap or the byte cap (`resultMaxBytes`). */
  truncatedBy: z.enum(['rows', 'bytes']).optional(),
  durationMs: z.number(),
  /** File sources: the filtered total and the page shown. */
  total: z.number().optional(),
  page: z.number().optional(),
  pageSize: z.number().optional(),
  /** HTTP sources: what the API answered. */
  response: z
    .object({
      status: z.number(),
      statusText: z.string(),
      contentType: z.string().nullable(),
      body: z.string(),
      bodyTruncated: z.boolean(),
    })
    .optional(),
});
export type QueryResult = z.output<typeof queryResultSchema>;

// ---------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------

/**
 * The text fields of a file upload (multipart, next to `file`): `name` (required for a new
 * source), `description`, `dataSourceId` (replace the file of that source) and
 * `skipInvalidRows` (`true`: store the valid rows and report the others; otherwise any invalid
 * row refuses the whole file with a report).
 */
export const dataSourceUploadFieldsSchema = z.object({
  name: dataSourceNameSchema.optional(),
  description: dataSourceDescriptionSchema.optional(),
  dataSourceId: z.uuid().optional(),
  skipInvalidRows: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .default(false),
});
export type DataSourceUploadFields = z.input<typeof dataSourceUploadFieldsSchema>;

export const uploadReportSchema = z.object({
  rowCount: z.number(),
  skippedRows: z.number(),
  errors: z.array(z.object({ location: z.string(), message: z.string() })),
});
export type UploadReport = z.output<typeof uploadReportSchema>;

/** POST /api/v1/data-sources/files. */
export const dataSourceUploadResultSchema = z.object({
  dataSource: dataSourceDetailSchema,
  report: uploadReportSchema,
});
export type DataSourceUploadResult = z.infer<typeof dataSourceUploadResultSchema>;
