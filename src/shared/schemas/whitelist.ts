/**
 * Sign-up whitelist (admin console, /admin/whitelist): entries are an exact e-mail address
 * or a whole domain written `@example.com`. Isomorphic: imports nothing from src/server or
 * src/web.
 */
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { searchQuerySchema } from './query.ts';

export const WHITELIST_NOTE_MAX_LENGTH = 500;

export const WHITELIST_MESSAGES = {
  pattern: 'Enter an e-mail address (name@example.com) or a domain (@example.com)',
  duplicate: 'This address or domain is already on the whitelist',
  /** What a refused sign-up is told (password, Google, OIDC, invitation). */
  refused: 'This e-mail address is not allowed to sign up. Ask an administrator to allow it.',
} as const;

const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const emailSchema = z.email();

/** True for a lower-case `@domain` or e-mail address. */
export function isWhitelistPattern(value: string): boolean {
  if (value.startsWith('@')) return DOMAIN.test(value.slice(1));
  const at = value.lastIndexOf('@');
  return at > 0 && DOMAIN.test(value.slice(at + 1)) && emailSchema.safeParse(value).success;
}

/** An entry as typed: trimmed and lower-cased, then checked. */
export const whitelistPatternSchema = z
  .string({ error: WHITELIST_MESSAGES.pattern })
  .trim()
  .toLowerCase()
  .max(254, { error: WHITELIST_MESSAGES.pattern })
  .refine(isWhitelistPattern, { error: WHITELIST_MESSAGES.pattern });

export const whitelistEntryInputSchema = z.strictObject({
  pattern: whitelistPatternSchema,
  note: z.string().trim().max(WHITELIST_NOTE_MAX_LENGTH).default(''),
});
export type WhitelistEntryInput = z.input<typeof whitelistEntryInputSchema>;

export const whitelistSettingsSchema = z.strictObject({ enabled: z.boolean() });
export type WhitelistSettings = z.output<typeof whitelistSettingsSchema>;

export const whitelistQuerySchema = pageQuerySchema.extend({ search: searchQuerySchema });
export type WhitelistQuery = z.output<typeof whitelistQuerySchema>;

/** An entry as the console lists it. */
export const whitelistEntrySchema = z.object({
  id: z.string(),
  pattern: z.string(),
  note: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), email: z.string() }).nullable(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;
export const whitelistPageSchema = pageSchema(whitelistEntrySchema);

/** The switch and when it last changed. */
export const whitelistStateSchema = z.object({
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type WhitelistState = z.infer<typeof whitelistStateSchema>;

/** The entries that admit `email`: the address itself and its `@domain`. */
export function whitelistKeysFor(email: string): string[] {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return at > 0 ? [address, address.slice(at)] : [address];
}
