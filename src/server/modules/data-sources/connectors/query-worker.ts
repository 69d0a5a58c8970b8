/**
 * Runs one SQL query for query-worker-client.ts in a worker thread, so that an answer too large
 * for memory ends this worker (its heap is limited), not the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryJob, QueryReply } from './query-worker-client.ts';
import { ConnectorError } from './types.ts';

const job = workerData as QueryJob;

async function run(): Promise<QueryReply> {
  try {
    const connector =
      job.type === 'postgres'
        ? (await import('./postgres.ts')).postgresConnector(job as never)
        : (await import('./mysql.ts')).mysqlConnector(job as never);
    return { ok: true, result: await connector.runQuery(job.query, job.options) };
  } catch (error) {
    if (error instanceof ConnectorError) {
      return {
        ok: false,
        error: { kind: error.kind, message: error.message, failure: error.failure },
      };
    }
    return { ok: false, error: { kind: null, message: (error as Error)?.message ?? 'error' } };
  }
}

parentPort!.postMessage(await run());
