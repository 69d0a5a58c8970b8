/**
 * The navbar search (GET /api/v1/search): its query and what the API returns.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './query.ts';

/** `q`: the text to look for; blank returns no groups. */
export const searchRequestSchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: `Search text is limited to ${SEARCH_MAX_LENGTH} characters` }),
});

/**
 * A record found: its id, what the dialog shows as title and, when there is one, subtitle.
 * People (`people`: members of the organisation) carry their name, e-mail and picture.
 */
export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string().nullable().optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** The hits of one kind of record (`projects`, `customers`, `data-sources`, `people`, …). */
export const searchGroupSchema = z.object({ type: z.string(), items: z.array(searchHitSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** GET /api/v1/search: one group per kind the caller may read, in a fixed order. */
export const searchResponseSchema = z.object({ q: z.string(), groups: z.array(searchGroupSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
