/**
 * The public try-builder's demo model (issue 16 §2): what the browser learns about it and the
 * OpenAI chat-completions body it posts to `/api/v1/try-builder/chat/completions`. The server
 * forces the model and caps `max_tokens`; the provider's address and key never leave it.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import type { ErrorCode } from '../error-codes.ts';

export const TRY_BUILDER_LIMITS = {
  maxMessages: 50,
  messageMaxLength: 20_000,
  maxTemperature: 2,
  /** The provider's answer headers must arrive within this long (the stream itself may last). */
  headersTimeoutMs: 30_000,
  /** A non-streamed answer is read up to this size. */
  responseMaxBytes: 2 * 1024 * 1024,
} as const;

export const TRY_BUILDER_ERROR_CODES = {
  off: 'DEMO_MODEL_OFF',
  failed: 'DEMO_MODEL_FAILED',
  rateLimited: 'RATE_LIMITED',
} as const satisfies Record<string, ErrorCode>;

export const TRY_BUILDER_MESSAGES = {
  off: 'This instance offers no demo model; use your own model endpoint',
  rateLimited: 'Too many requests to the demo model; try again in a minute',
  unreachable: 'The demo model could not be reached; try again later',
  timeout: 'The demo model did not answer in time; try again later',
  refused: 'The demo model refused this server’s credentials; the instance admin must check them',
  redirect: 'The demo model answered with a redirect; the instance admin must check its address',
  providerError: (status: number, detail: string) =>
    `The demo model answered with an error (HTTP ${status})${detail ? `: ${detail}` : ''}`,
  tooLarge: 'The demo model’s answer is too large',
} as const;

/** `GET /api/v1/try-builder/config`: the demo model's id, or null when the instance has none. */
export const tryBuilderConfigSchema = z.object({
  demoModel: z.object({ model: z.string() }).nullable(),
});
export type TryBuilderConfig = z.infer<typeof tryBuilderConfigSchema>;

const chatMessageSchema = z.strictObject({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().max(TRY_BUILDER_LIMITS.messageMaxLength, {
    error: `Use at most ${TRY_BUILDER_LIMITS.messageMaxLength} characters`,
  }),
});

/**
 * The chat-completions body the try-builder sends. `model` is accepted and ignored (the server
 * uses its demo model); anything else OpenAI knows (tools, n, …) is refused.
 */
export const demoChatRequestSchema = z.strictObject({
  model: z.string().max(200).optional(),
  messages: z
    .array(chatMessageSchema)
    .min(1, { error: 'Send at least one message' })
    .max(TRY_BUILDER_LIMITS.maxMessages, {
      error: `Send at most ${TRY_BUILDER_LIMITS.maxMessages} messages`,
    }),
  stream: z.boolean().optional(),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).optional(),
  temperature: z.number().min(0).max(TRY_BUILDER_LIMITS.maxTemperature).optional(),
  max_tokens: z.number().int().min(1).optional(),
});
export type DemoChatRequest = z.infer<typeof demoChatRequestSchema>;
