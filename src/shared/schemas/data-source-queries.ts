/**
 * The query console's requests (/data-sources/{id}/query): SQL, an HTTP GET under the base
 * address, or filters and sort on a file's rows. The data source shapes are in data-sources.ts.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { pageQuerySchema } from './pagination.ts';
import { sortOrderSchema } from './query.ts';
import { DATA_SOURCE_LIMITS, DATA_SOURCE_MESSAGES, isRelativePath } from './data-sources.ts';

export const sqlQuerySchema = z.strictObject({
  sql: z
    .string({ error: DATA_SOURCE_MESSAGES.required })
    .trim()
    .min(1, { error: DATA_SOURCE_MESSAGES.required })
    .max(DATA_SOURCE_LIMITS.sqlMaxLength),
});
export type SqlQuery = z.output<typeof sqlQuerySchema>;

/** A GET request under the base address: the console sends nothing else to an HTTP API. */
export const httpQuerySchema = z.strictObject({
  path: z
    .string()
    .trim()
    .max(DATA_SOURCE_LIMITS.httpPathMaxLength)
    .default('')
    .refine(isRelativePath, { error: DATA_SOURCE_MESSAGES.path }),
  query: z
    .record(z.string().min(1).max(200), z.string().max(2000))
    .refine((q) => Object.keys(q).length <= DATA_SOURCE_LIMITS.httpMaxQueryParams, {
      error: `At most ${DATA_SOURCE_LIMITS.httpMaxQueryParams} query parameters`,
    })
    .default({}),
});
export type HttpQuery = z.output<typeof httpQuerySchema>;

export const FILE_FILTER_OPERATORS = [
  'eq',
  'neq',
  'contains',
  'gt',
  'gte',
  'lt',
  'lte',
  'empty',
  'notEmpty',
] as const;
export type FileFilterOperator = (typeof FILE_FILTER_OPERATORS)[number];

export const fileQuerySchema = z.strictObject({
  filters: z
    .array(
      z.strictObject({
        column: z.string().min(1),
        op: z.enum(FILE_FILTER_OPERATORS),
        value: z.string().max(1000).optional(),
      }),
    )
    .max(DATA_SOURCE_LIMITS.fileMaxFilters)
    .default([]),
  sort: z
    .array(z.strictObject({ column: z.string().min(1), direction: sortOrderSchema.default('asc') }))
    .max(DATA_SOURCE_LIMITS.fileMaxSorts)
    .default([]),
  page: pageQuerySchema.shape.page,
  pageSize: pageQuerySchema.shape.pageSize,
});
export type FileQuery = z.output<typeof fileQuerySchema>;
