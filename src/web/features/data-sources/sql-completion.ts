import type { SchemaTable } from '../../../shared/schemas/data-sources';

/**
 * The tables of a source as the SQL editor completes them: each under its qualified name
 * (`public.customers`), and under its bare name too when no other schema has a table so named.
 */
export function completionSchema(tables: SchemaTable[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  const count = new Map<string, number>();
  for (const table of tables) count.set(table.name, (count.get(table.name) ?? 0) + 1);
  for (const table of tables) {
    const columns = table.columns.map((column) => column.name);
    if (table.schema) result[`${table.schema}.${table.name}`] = columns;
    if (!table.schema || count.get(table.name) === 1) result[table.name] = columns;
  }
  return result;
}
