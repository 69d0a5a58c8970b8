import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/**
 * A debug counter of the SQL statements a piece of work sends through Drizzle (which is also
 * what Better Auth's adapter uses). Off unless a caller runs work inside `countStatements`;
 * outside it the logger does one AsyncLocalStorage lookup per statement and nothing else.
 */
const recording = new AsyncLocalStorage<string[]>();

export const queryCounterLogger: Logger = {
  logQuery(query) {
    recording.getStore()?.push(query);
  },
};

/** Runs `work` and returns the statements it sent (their SQL text, in order). */
export async function countStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await recording.run(statements, work);
  return { result, statements };
}

/**
 * The statements that change data (or take locks for a change), including a `with` whose parts
 * do.
 */
export function writesAmong(statements: string[]): string[] {
  return statements.filter((s) =>
    /^\s*(insert|update|delete|merge|truncate)\b|\bfor update\b|\bas\s*\(\s*(insert|update|delete)\b/i.test(
      s,
    ),
  );
}
