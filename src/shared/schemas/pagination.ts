import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';

/** `page` (from 1) and `pageSize` (one of the offered sizes) of a list request. */
export const pageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      error: `pageSize must be one of ${PAGE_SIZES.join(', ')}`,
    })
    .default(20),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The schema of a page of items: `{ items, total, page, pageSize }`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
