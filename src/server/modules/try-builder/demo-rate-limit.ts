/**
 * Requests per client address to the demo model, counted in Better Auth's `rate_limits` table
 * with its rule (at most `max` requests, the count starting again once `window` has passed
 * since the last allowed one), so that every server process shares the count and Better Auth's
 * pruning of old rows removes ours too. One statement: concurrent requests all count.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimit } from '../../db/schema/index.ts';

const WINDOW_MS = 60_000;

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one request of `address`; refused ones count too (capped), but do not move the window. */
export async function consumeDemoRequest(
  db: Database,
  address: string,
  max: number,
): Promise<RateLimitOutcome> {
  const now = Date.now();
  const expired = sql`${rateLimit.lastRequest} <= ${now - WINDOW_MS}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key: `try-builder-chat:${address}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else least(${rateLimit.count} + 1, ${max + 1}) end`,
        lastRequest: sql`case when ${expired} or ${rateLimit.count} < ${max} then ${now}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  if (!row || row.count <= max) return { allowed: true };
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((Number(row.lastRequest) + WINDOW_MS - now) / 1000),
  );
  return { allowed: false, retryAfterSeconds };
}
