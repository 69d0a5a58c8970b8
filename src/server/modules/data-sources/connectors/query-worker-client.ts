/**
 * SQL queries run in a worker thread with a heap limit: a pathological answer (huge rows, huge
 * values) can exhaust only that worker; the server answers 422 RESULT_TOO_LARGE and goes on.
 * One worker per query: queries of different organisations never share one.
 */
import type {
  ConnectionFailureCause,
  MysqlConfig,
  PostgresConfig,
  QueryResult,
} from '../../../../shared/schemas/data-sources.ts';
import type { SqlQuery } from '../../../../shared/schemas/data-source-queries.ts';
import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
} from '../../../../shared/schemas/data-sources.ts';
import type { OutboundPolicy } from '../../../net/outbound.ts';
import { WorkerTaskError, runWorkerTask } from '../../../threads/worker-task.ts';
import { ConnectorError, type ConnectorErrorKind, type QueryOptions } from './types.ts';

export type QueryJob = {
  type: 'postgres' | 'mysql';
  config: PostgresConfig | MysqlConfig | unknown;
  password: string | null;
  policy: OutboundPolicy;
  query: SqlQuery;
  options: QueryOptions;
};

const WORKER_URL = new URL('./query-worker.ts', import.meta.url);

export async function runQueryInWorker(
  source: Omit<QueryJob, 'query' | 'options'>,
  query: SqlQuery,
  options: QueryOptions,
): Promise<QueryResult> {
  try {
    const { result } = await runWorkerTask<QueryResult, never>(
      WORKER_URL,
      { ...source, query, options } satisfies QueryJob,
      {
        resourceLimits: {
          maxOldGenerationSizeMb: DATA_SOURCE_LIMITS.queryWorkerHeapMb,
          maxYoungGenerationSizeMb: 32,
        },
        // A query mostly waits on its database: it does not wait for a parsing slot.
        cpuBound: false,
      },
    );
    return result;
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) {
      // Out of memory, or any other death of the worker.
      throw new ConnectorError('tooLarge', DATA_SOURCE_MESSAGES.resultTooLarge, null, {
        cause: error,
      });
    }
    if (error.errorName !== ConnectorError.name) throw new Error(error.message, { cause: error });
    const { kind, failure } = error.fields as {
      kind: ConnectorErrorKind;
      failure: ConnectionFailureCause | null;
    };
    throw new ConnectorError(kind, error.message, failure, { cause: error });
  }
}
