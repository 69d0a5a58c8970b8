/**
 * Organisation API keys (AGENTS.md, "Triggers"): a secret `mk_…` shown once, kept only as its
 * SHA-256 hash, a visible prefix, scopes, an optional expiry and an optional agent it is limited
 * to. The run API and the OpenAI-compatible endpoint take it as `Authorization: Bearer mk_…`.
 *
 * Forms and the API share these schemas. Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { uuidSchema } from './common.ts';

export const API_KEY_SCOPES = ['agents:run', 'agents:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = {
  nameMaxLength: 100,
  /** What every secret starts with, so that a key is recognised (and found by secret scanners). */
  secretPrefix: 'mk_',
  /** Random bytes in a secret (base64url after the prefix). */
  secretBytes: 32,
  /** How many characters of the secret stay visible (the `mk_` and a few more). */
  visiblePrefixLength: 11,
  /** The last use is written at most this often per key. */
  lastUsedEveryMs: 60_000,
  maxKeys: 200,
} as const;

export const API_KEY_MESSAGES = {
  required: 'This field is required',
  duplicateName: 'An active API key with this name already exists',
  notFound: 'API key not found',
  scopes: 'Choose at least one scope',
  expiry: 'The expiry must be in the future',
  agentNotFound: 'Agent not found',
  invalidKey: 'The API key is unknown, revoked or expired',
  sessionOnly: 'This route cannot be used with an API key',
  scopeMissing: (scopes: readonly string[]) =>
    `This API key lacks the scope ${scopes.join(' or ')}`,
  rateLimited: 'Too many requests with this API key; try again shortly',
} as const;

export const apiKeyCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: API_KEY_MESSAGES.required })
    .max(API_KEY_LIMITS.nameMaxLength),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, { error: API_KEY_MESSAGES.scopes })
    .transform((scopes) => [...new Set(scopes)]),
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .default(null)
    .refine((value) => value === null || Date.parse(value) > Date.now(), {
      error: API_KEY_MESSAGES.expiry,
    }),
  agentId: uuidSchema.nullable().default(null),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** The answer to a creation: the key and, this once, its secret. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
