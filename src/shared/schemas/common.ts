/**
 * Small shapes every resource uses. Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

/**
 * A record id: any 8-4-4-4-12 hexadecimal UUID (the database's `uuid` type accepts them all,
 * so the API does too). Published as `format: uuid`.
 */
export const uuidSchema = z.guid();

export const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;

/** `{id}` in a route path. */
export const idParamSchema = z.object({ id: uuidSchema });

/** The answer of an action on many records: how many changed (e.g. bulk status, mark all read). */
export const updatedCountSchema = z.object({ updated: z.number().int() });
export type UpdatedCount = z.infer<typeof updatedCountSchema>;

/** The answer of an action with nothing else to say (e.g. removing a member). */
export const okSchema = z.object({ ok: z.literal(true) });
