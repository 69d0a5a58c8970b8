/**
 * What a process starts besides HTTP for the queue and live events: the job queue (pg-boss),
 * this process's run worker, run events across processes and live notifications. `worker: false`
 * leaves the queue to other processes (a process may still send jobs).
 */
import type { AppDeps } from '../deps.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { connectRunBus } from '../modules/agents/runs/run-bus-remote.ts';
import { cancelRun } from '../modules/agents/runs/run-bus.ts';
import { startNotificationHub } from '../notifications/live.ts';
import { createJobQueue, queueInstalled } from './queue.ts';
import { startRunQueue, type RunWorkerOptions } from './run-queue.ts';

export async function startWork(
  deps: AppDeps,
  database: DatabaseHandle,
  options: { worker: boolean } & RunWorkerOptions,
): Promise<() => Promise<void>> {
  const queue = createJobQueue(database, deps.logger);
  const stopBus = await connectRunBus(database, (runId) => void cancelRun(runId));
  const stopHub = await startNotificationHub(database);
  // PostgreSQL: other processes may send jobs at any time. PGlite: jobs left by an earlier start.
  const eager = database.kind === 'postgres' || (await queueInstalled(database));
  await startRunQueue(deps, queue, { ...options, working: options.worker, eager });
  return async () => {
    await queue.stop();
    await stopHub();
    await stopBus();
  };
}
