/**
 * SQL queries run in a worker thread with `resourceLimits`: a pathological answer (huge rows,
 * huge values) can exhaust only that worker's heap; the server answers 422 RESULT_TOO_LARGE and
 * goes on. One worker per query: queries of different organisations never share one.
 */
import { Worker } from 'node:worker_threads';
import type {
  ConnectionFailureCause,
  MysqlConfig,
  PostgresConfig,
  QueryResult,
  SqlQuery,
} from '../../../../shared/schemas/data-sources.ts';
import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
} from '../../../../shared/schemas/data-sources.ts';
import type { OutboundPolicy } from '../../../net/outbound.ts';
import { ConnectorError, type ConnectorErrorKind, type QueryOptions } from './types.ts';

export type QueryJob = {
  type: 'postgres' | 'mysql';
  config: PostgresConfig | MysqlConfig | unknown;
  password: string | null;
  policy: OutboundPolicy;
  query: SqlQuery;
  options: QueryOptions;
};

export type QueryReply =
  | { ok: true; result: QueryResult }
  | {
      ok: false;
      error: {
        kind: ConnectorErrorKind | null;
        message: string;
        failure?: ConnectionFailureCause | null;
      };
    };

const WORKER_URL = new URL('./query-worker.ts', import.meta.url);

export function runQueryInWorker(
  source: Omit<QueryJob, 'query' | 'options'>,
  query: SqlQuery,
  options: QueryOptions,
): Promise<QueryResult> {
  return new Promise<QueryResult>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { ...source, query, options } satisfies QueryJob,
      resourceLimits: {
        maxOldGenerationSizeMb: DATA_SOURCE_LIMITS.queryWorkerHeapMb,
        maxYoungGenerationSizeMb: 32,
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (work: () => void) => {
      if (settled) return;
      settled = true;
      work();
    };
    worker.once('message', (reply: QueryReply) =>
      settle(() => {
        if (reply.ok) return resolve(reply.result);
        const { kind, message, failure } = reply.error;
        reject(kind ? new ConnectorError(kind, message, failure ?? null) : new Error(message));
      }),
    );
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other death of the worker.
    worker.once('error', () =>
      settle(() => reject(new ConnectorError('tooLarge', DATA_SOURCE_MESSAGES.resultTooLarge))),
    );
    worker.once('exit', () =>
      settle(() => reject(new ConnectorError('tooLarge', DATA_SOURCE_MESSAGES.resultTooLarge))),
    );
  });
}
