/**
 * An agent's webhook trigger (AGENTS.md, "Triggers"): `POST /api/hooks/{agentId}/{token}` runs
 * the published version with trigger `webhook`.
 *
 * How the request body becomes the start step's input:
 * - JSON (`application/json`, `…+json`): an object's fields are the inputs; any other JSON value
 *   (array, string, number) is the input `body`.
 * - Forms (`application/x-www-form-urlencoded`, `multipart/form-data`): each field is an input
 *   (a repeated field is a list); files are refused.
 * - Text (`text/*`, e.g. `text/plain`): the whole text is the start's first text input — `message`
 *   for a chat start, else its first `string` input — or `body` when it has none.
 * - No body: no inputs.
 * Text fields are turned into numbers and booleans where the start step declares them so; an
 * input the start step refuses (a required one missing, a number that is not) is a 400 before
 * any run exists.
 *
 * With a signing secret set, `X-Meridian-Signature: sha256=<hex>` must carry the HMAC-SHA256 of
 * the raw body under that secret (401 otherwise). The reply is the run's output (JSON, or text
 * for a text output) with 200 when the run ends within `WEBHOOK_WAIT_MS`, else 202 with the
 * run's id; `?async=true` answers 202 at once; a run that fails answers 422 WEBHOOK_RUN_FAILED
 * (why is in the run log). Every reply that started a run names it in the `X-Meridian-Run-Id`
 * header.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

/** The largest request body a webhook takes (413 PAYLOAD_TOO_LARGE beyond). */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;
/** How deeply a webhook's JSON body may nest (400 beyond). */
export const WEBHOOK_MAX_DEPTH = 64;
/** How long a webhook call waits for the run's result before it answers 202. */
export const WEBHOOK_WAIT_MS = 10_000;
/** The path of an agent's webhook (the server mounts it under /api/hooks). */
export const WEBHOOK_PATH_PREFIX = '/api/hooks';
/** The header that carries the body's signature, `sha256=<hex>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Meridian-Signature';
export const WEBHOOK_SIGNATURE_PREFIX = 'sha256=';
/** The header that names the run a webhook call started. */
export const WEBHOOK_RUN_HEADER = 'X-Meridian-Run-Id';
/** The input that takes a body that has no field names (text, or JSON other than an object). */
export const WEBHOOK_BODY_INPUT = 'body';
/** Shortest signing secret one may choose (a generated one is 32 random bytes). */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;

export const WEBHOOK_MESSAGES = {
  notFound: 'No webhook here: check the agent id and the token in the address',
  signatureMissing: `This webhook needs a ${WEBHOOK_SIGNATURE_HEADER} header: sha256= and the HMAC-SHA256 of the body`,
  signatureInvalid: `The ${WEBHOOK_SIGNATURE_HEADER} header does not match the body`,
  malformedJson: 'The body is not valid JSON',
  malformedForm: 'The body is not a valid form',
  notUtf8: 'The body is not UTF-8 text',
  tooDeep: `The body nests deeper than ${WEBHOOK_MAX_DEPTH} levels`,
  filesRefused: 'A webhook takes form fields, not files',
  unsupportedType:
    'Send JSON, a form (urlencoded or multipart) or text (text/plain) to this webhook',
  tooLarge: `The body is larger than ${WEBHOOK_BODY_MAX_BYTES / 1024} KB, the most a webhook takes`,
  notPublished: 'This agent has no published version yet: publish it before calling its webhook',
  runFailed: 'The run failed: its steps are in the agent’s run log in Meridian',
  secretMin: `Use at least ${WEBHOOK_SECRET_MIN} characters`,
  secretMax: `Use at most ${WEBHOOK_SECRET_MAX} characters`,
} as const;

/** What GET /api/v1/agents/{id}/webhook tells: the URL with its token only to editors. */
export const webhookSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The full URL with the token; null when off or when the caller may not edit the agent. */
  url: z.string().nullable(),
  /** The URL with the token left out (`…/{token}`), shown to everyone who may read the agent. */
  maskedUrl: z.string().nullable(),
  hasSigningSecret: z.boolean(),
  /** Whether the caller may see the token and change these settings. */
  canManage: z.boolean(),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** POST …/webhook/signing-secret: a secret the caller chose, or none to have one generated. */
export const webhookSecretInputSchema = z.strictObject({
  secret: z
    .string()
    .trim()
    .min(WEBHOOK_SECRET_MIN, WEBHOOK_MESSAGES.secretMin)
    .max(WEBHOOK_SECRET_MAX, WEBHOOK_MESSAGES.secretMax)
    .optional(),
});
export type WebhookSecretInput = z.infer<typeof webhookSecretInputSchema>;

/** The signing secret, shown this once. */
export const webhookSecretSchema = z.object({
  secret: z.string(),
  settings: webhookSettingsSchema,
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** `https://host/api/hooks/{agentId}/{token}` (the token left as `{token}` when not given). */
export function webhookUrl(origin: string, agentId: string, token?: string): string {
  return `${origin.replace(/\/$/, '')}${WEBHOOK_PATH_PREFIX}/${agentId}/${token ?? '{token}'}`;
}
