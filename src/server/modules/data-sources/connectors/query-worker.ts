// The worker thread of `runQueryInWorker`: one SQL query, so that an answer too large for
// memory ends this worker (its heap is limited), not the server.
import { serveWorkerTask } from '../../../threads/worker-task.ts';
import type { QueryJob } from './query-worker-client.ts';

serveWorkerTask(async (job: QueryJob) => {
  const connector =
    job.type === 'postgres'
      ? (await import('./postgres.ts')).postgresConnector(job as never)
      : (await import('./mysql.ts')).mysqlConnector(job as never);
  return { result: await connector.runQuery(job.query, job.options), items: [], batchSize: 1 };
});
