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
