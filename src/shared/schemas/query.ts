/**
 * Pieces of list query strings shared by several resources (search box, yes/no filters,
 * sort direction). Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

export const SEARCH_MAX_LENGTH = 200;

/** A free-text search; blank means no search. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, { error: `Search text is limited to ${SEARCH_MAX_LENGTH} characters` })
  .optional();

/** `true` or `false` in a query string. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((value) => value === 'true');

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const sortOrderSchema = z.enum(SORT_ORDERS);
