/**
 * The datasource_query step: a data source of the organisation (another organisation's or a
 * deleted one fails as "not found"), queried through the query console's path
 * (`queryDataSource`: the statement allow-list, the read-only transaction, the time-outs, the
 * worker thread, the row cap).
 * - SQL sources: `:name` parameters bound from the rendered `params` (sql-params.ts).
 * - HTTP sources: GET of the rendered `path` (a `?query` part becomes query parameters).
 * - File sources: the rendered `filter`, JSON: a list of `{ column, op, value }` or the console's
 *   `{ filters, sort, page, pageSize }`.
 * Output `{ rows, columns, rowCount, truncated }`, each row an object by column name.
 */
import type { NodeOfType } from '../../../shared/schemas/agent-graph.ts';
import { renderTemplate, templateContext } from '../../../shared/engine/templates.ts';
import type { Executor } from '../../../shared/engine/types.ts';
import type { QueryResult } from '../../../shared/schemas/data-sources.ts';
import { findDataSource } from '../../modules/data-sources/data-sources.service.ts';
import { queryDataSource } from '../../modules/data-sources/data-sources-connections.ts';
import { bindNamedParams } from './sql-params.ts';
import type { ServerExecutorEnv } from './context.ts';

/** Rows as objects by column name (a repeated name gets `_2`, `_3`…). */
export function rowObjects(result: Pick<QueryResult, 'columns' | 'rows'>) {
  const seen = new Map<string, number>();
  const names = result.columns.map((column) => {
    const count = (seen.get(column.name) ?? 0) + 1;
    seen.set(column.name, count);
    return count === 1 ? column.name : `${column.name}_${count}`;
  });
  return result.rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
}

function httpRequestOf(path: string) {
  const [pathPart = '', search = ''] = path.trim().split(/\?(.*)/s, 2);
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  return { path: pathPart, query };
}

function fileRequestOf(filter: string): Record<string, unknown> {
  const text = filter.trim();
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The filter must be JSON: a list of { column, op, value }');
  }
  if (Array.isArray(parsed)) return { filters: parsed };
  if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  throw new Error('The filter must be JSON: a list of { column, op, value }');
}

/** Runs one console request on a source of the organisation; the step's output. */
export async function runSourceQuery(
  env: ServerExecutorEnv,
  dataSourceId: string,
  input: Record<string, unknown>,
) {
  const { result } = await queryDataSource(env.deps, env.scope, dataSourceId, input);
  return {
    rows: rowObjects(result),
    columns: result.columns,
    rowCount: result.rowCount,
    truncated: result.truncated,
  };
}

export function datasourceQueryExecutor(
  env: ServerExecutorEnv,
): Executor<NodeOfType<'datasource_query'>> {
  return async (node, ctx, io) => {
    if (!node.data.dataSourceId) throw new Error('Choose a data source');
    const source = await findDataSource(env.deps.db, env.scope, node.data.dataSourceId);
    const context = templateContext(ctx);
    let input: Record<string, unknown>;
    if (source.type === 'postgres' || source.type === 'mysql') {
      const params: Record<string, string> = {};
      for (const [name, template] of Object.entries(node.data.params)) {
        params[name] = await renderTemplate(template, context);
      }
      input = { sql: bindNamedParams(node.data.sql, params, source.type).sql };
    } else if (source.type === 'http') {
      input = httpRequestOf(await renderTemplate(node.data.path ?? '', context));
    } else {
      input = fileRequestOf(await renderTemplate(node.data.filter ?? '', context));
    }
    io.signal.throwIfAborted();
    const output = await abortable(runSourceQuery(env, source.id, input), io.signal);
    return { output };
  };
}

/** Settles with the work, or rejects when the signal aborts first (the query ends by itself). */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
