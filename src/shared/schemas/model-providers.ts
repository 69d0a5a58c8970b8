/**
 * Model providers of an organisation (AGENTS.md, "Model providers"): OpenAI-compatible APIs with
 * a base URL, an API key, the models (with prices per million input and output tokens), a default
 * model and optional extra headers. The key and the headers' values are secrets: they travel only
 * from the client to the server and are never sent back (`hasApiKey`, `headerNames`).
 *
 * Forms and the API share these schemas. Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import type { ErrorCode } from '../error-codes.ts';
import { uuidSchema } from './common.ts';
import { isHttpBaseUrl } from './data-sources.ts';

export const MODEL_PROVIDER_KINDS = ['openai-compatible'] as const;
export type ModelProviderKind = (typeof MODEL_PROVIDER_KINDS)[number];

export const MODEL_PROVIDER_LIMITS = {
  nameMaxLength: 100,
  baseUrlMaxLength: 2000,
  apiKeyMaxLength: 4096,
  maxModels: 200,
  modelIdMaxLength: 200,
  maxHeaders: 20,
  headerValueMaxLength: 4000,
  /** A price per million tokens is at most this. */
  maxPrice: 1_000_000,
  /** 'Test' and model discovery give up after this long. */
  requestTimeoutMs: 15_000,
  /** A provider's answer is read up to this size. */
  responseMaxBytes: 2 * 1024 * 1024,
} as const;

export const MODEL_PROVIDER_ERROR_CODES = {
  nameTaken: 'MODEL_PROVIDER_NAME_TAKEN',
  secretForDestination: 'SECRET_REQUIRED_FOR_NEW_DESTINATION',
  secretUnreadable: 'SECRET_UNREADABLE',
} as const satisfies Record<string, ErrorCode>;

export const MODEL_PROVIDER_MESSAGES = {
  required: 'This field is required',
  duplicateName: 'A model provider with this name already exists',
  notFound: 'Model provider not found',
  baseUrl: 'Enter an http:// or https:// address, without a user name, password or #fragment',
  headerName: 'Enter a valid header name (letters, digits and - only)',
  headerValue: 'Header values cannot contain line breaks',
  headerValueRequired: 'Enter the value of this header',
  reservedHeader: 'This header is set by the request itself (put a bearer token in the API key)',
  duplicateHeader: 'This header is listed twice',
  duplicateModel: 'This model is listed twice',
  price: 'Enter a price of 0 or more per million tokens',
  defaultModel: 'The default model must be one of the models',
  noModel: 'Add a model (or choose a default model) to test the provider',
  keyForDestination: 'Enter the API key again to send it to a new base URL',
  headerForDestination: 'Enter the value again to send it to a new base URL',
  secretUnreadable:
    'The stored key of this provider cannot be read (the instance secret changed); enter it again',
} as const;

/** The text the web knows ('Use at most {{max}} characters'). */
const tooLong = (max: number) => `Use at most ${max} characters`;

/** Why a provider test or a model discovery failed. */
export const MODEL_PROVIDER_FAILURE_CAUSES = [
  'ADDRESS_NOT_ALLOWED',
  'UNREACHABLE',
  'TIMEOUT',
  'PROVIDER_ERROR',
  'INVALID_RESPONSE',
] as const;
export type ModelProviderFailureCause = (typeof MODEL_PROVIDER_FAILURE_CAUSES)[number];

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Set by the request itself or by the key: not an extra header. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'connection',
  'transfer-encoding',
  'authorization',
]);

export const modelProviderNameSchema = z
  .string({ error: MODEL_PROVIDER_MESSAGES.required })
  .trim()
  .min(1, { error: MODEL_PROVIDER_MESSAGES.required })
  .max(MODEL_PROVIDER_LIMITS.nameMaxLength, {
    error: tooLong(MODEL_PROVIDER_LIMITS.nameMaxLength),
  });

export const modelProviderBaseUrlSchema = z
  .string({ error: MODEL_PROVIDER_MESSAGES.required })
  .trim()
  .min(1, { error: MODEL_PROVIDER_MESSAGES.required })
  .max(MODEL_PROVIDER_LIMITS.baseUrlMaxLength, {
    error: tooLong(MODEL_PROVIDER_LIMITS.baseUrlMaxLength),
  })
  .refine(isHttpBaseUrl, { error: MODEL_PROVIDER_MESSAGES.baseUrl });

const apiKeySchema = z
  .string()
  .trim()
  .max(MODEL_PROVIDER_LIMITS.apiKeyMaxLength, {
    error: tooLong(MODEL_PROVIDER_LIMITS.apiKeyMaxLength),
  });

const priceSchema = z
  .number({ error: MODEL_PROVIDER_MESSAGES.price })
  .min(0, { error: MODEL_PROVIDER_MESSAGES.price })
  .max(MODEL_PROVIDER_LIMITS.maxPrice, { error: MODEL_PROVIDER_MESSAGES.price })
  .nullable()
  .default(null);

export const modelIdSchema = z
  .string({ error: MODEL_PROVIDER_MESSAGES.required })
  .trim()
  .min(1, { error: MODEL_PROVIDER_MESSAGES.required })
  .max(MODEL_PROVIDER_LIMITS.modelIdMaxLength, {
    error: tooLong(MODEL_PROVIDER_LIMITS.modelIdMaxLength),
  });

/** A model of the provider with its prices per million tokens (null: unknown). */
export const providerModelSchema = z.strictObject({
  id: modelIdSchema,
  inputPrice: priceSchema,
  outputPrice: priceSchema,
});
export type ProviderModel = z.output<typeof providerModelSchema>;

export const headerNameSchema = z
  .string({ error: MODEL_PROVIDER_MESSAGES.required })
  .trim()
  .regex(HEADER_NAME, { error: MODEL_PROVIDER_MESSAGES.headerName })
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), {
    error: MODEL_PROVIDER_MESSAGES.reservedHeader,
  });

/**
 * An extra header. Its value is a secret: on update an empty or absent value keeps the value
 * stored under the same name.
 */
export const providerHeaderInputSchema = z.strictObject({
  name: headerNameSchema,
  value: z
    .string()
    .max(MODEL_PROVIDER_LIMITS.headerValueMaxLength, {
      error: tooLong(MODEL_PROVIDER_LIMITS.headerValueMaxLength),
    })
    .refine((value) => !/[\r\n\0]/.test(value), { error: MODEL_PROVIDER_MESSAGES.headerValue })
    .optional(),
});
export type ProviderHeaderInput = z.output<typeof providerHeaderInputSchema>;

const modelsSchema = z
  .array(providerModelSchema)
  .max(MODEL_PROVIDER_LIMITS.maxModels)
  .superRefine((models, ctx) => {
    const seen = new Set<string>();
    models.forEach((model, index) => {
      if (seen.has(model.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: MODEL_PROVIDER_MESSAGES.duplicateModel,
        });
      }
      seen.add(model.id);
    });
  });

const headersSchema = z
  .array(providerHeaderInputSchema)
  .max(MODEL_PROVIDER_LIMITS.maxHeaders)
  .superRefine((headers, ctx) => {
    const seen = new Set<string>();
    headers.forEach((header, index) => {
      const key = header.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: MODEL_PROVIDER_MESSAGES.duplicateHeader,
        });
      }
      seen.add(key);
    });
  });

const defaultModelSchema = modelIdSchema.nullable();

/** The default model, when set, is one of the models. */
function checkDefaultModel(
  value: { models?: ProviderModel[] | undefined; defaultModel?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (
    value.defaultModel &&
    value.models &&
    !value.models.some((m) => m.id === value.defaultModel)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultModel'],
      message: MODEL_PROVIDER_MESSAGES.defaultModel,
    });
  }
}

export const modelProviderCreateSchema = z
  .strictObject({
    name: modelProviderNameSchema,
    kind: z.enum(MODEL_PROVIDER_KINDS).default('openai-compatible'),
    baseUrl: modelProviderBaseUrlSchema,
    /** Empty or absent: no key (a local server may need none). */
    apiKey: apiKeySchema.optional(),
    models: modelsSchema.default([]),
    defaultModel: defaultModelSchema.default(null),
    headers: headersSchema.default([]),
  })
  .superRefine(checkDefaultModel);
export type ModelProviderCreate = z.output<typeof modelProviderCreateSchema>;

export const modelProviderUpdateSchema = z
  .strictObject({
    name: modelProviderNameSchema.optional(),
    baseUrl: modelProviderBaseUrlSchema.optional(),
    /** Empty or absent keeps the stored key; a string replaces it; null removes it. */
    apiKey: apiKeySchema.nullable().optional(),
    models: modelsSchema.optional(),
    defaultModel: defaultModelSchema.optional(),
    /** The full list of extra headers; a row without a value keeps the stored value. */
    headers: headersSchema.optional(),
  })
  .superRefine(checkDefaultModel);
export type ModelProviderUpdate = z.output<typeof modelProviderUpdateSchema>;

export const modelProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(MODEL_PROVIDER_KINDS),
  baseUrl: z.string(),
  models: z.array(
    z.object({
      id: z.string(),
      inputPrice: z.number().nullable(),
      outputPrice: z.number().nullable(),
    }),
  ),
  defaultModel: z.string().nullable(),
  /** The names of the extra headers (their values are never returned). */
  headerNames: z.array(z.string()),
  hasApiKey: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModelProviderDto = z.infer<typeof modelProviderSchema>;

export const modelProviderListSchema = z.object({ items: z.array(modelProviderSchema) });
export type ModelProviderList = z.infer<typeof modelProviderListSchema>;

export const modelProviderTestSchema = z.strictObject({
  /** The model to ask; default: the provider's default model, else its first. */
  model: modelIdSchema.optional(),
});

export const modelProviderTestResultSchema = z.object({
  ok: z.boolean(),
  cause: z.enum(MODEL_PROVIDER_FAILURE_CAUSES).nullable(),
  /** The provider's own message on failure; the model's answer on success. */
  message: z.string(),
  /** The provider's HTTP status, when it answered. */
  status: z.number().nullable(),
  model: z.string(),
  durationMs: z.number(),
});
export type ModelProviderTestResult = z.output<typeof modelProviderTestResultSchema>;

/**
 * Lists the models at `/models` of a base URL with a key, or of a saved provider (its stored key
 * and headers; a different base URL then needs the key again).
 */
export const modelDiscoverySchema = z
  .strictObject({
    providerId: uuidSchema.optional(),
    baseUrl: modelProviderBaseUrlSchema.optional(),
    apiKey: apiKeySchema.optional(),
    headers: headersSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.providerId && !value.baseUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message: MODEL_PROVIDER_MESSAGES.required,
      });
    }
  });
export type ModelDiscovery = z.output<typeof modelDiscoverySchema>;

export const modelDiscoveryResultSchema = z.object({
  ok: z.boolean(),
  cause: z.enum(MODEL_PROVIDER_FAILURE_CAUSES).nullable(),
  message: z.string(),
  status: z.number().nullable(),
  /** The model ids, sorted. */
  models: z.array(z.string()),
});
export type ModelDiscoveryResult = z.output<typeof modelDiscoveryResultSchema>;
