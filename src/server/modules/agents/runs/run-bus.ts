/**
 * The live side of runs in this process: each running run's events (kept until it finishes,
 * so a late subscriber replays them) and its cancel switch. What outlives the run is in the
 * database (run-store.ts). With PostgreSQL, events and cancels also cross processes through
 * LISTEN/NOTIFY (run-bus-remote.ts).
 */
import type { RunEvent } from '../../../../shared/engine/index.ts';
import type { Database } from '../../../db/client.ts';
import { remoteOf, type RemoteBus } from './run-bus-remote.ts';

type Listener = (event: RunEvent) => void;

interface LiveRun {
  events: RunEvent[];
  listeners: Set<Listener>;
  controller: AbortController;
  /** Other processes' followers, when the database is shared (PostgreSQL). */
  remote: RemoteBus | null;
}

const live = new Map<string, LiveRun>();
/** Followers of runs that do not run here (yet): queued ones, on PGlite. */
const watchers = new Map<string, Set<Listener>>();

/**
 * Hears a run's events whichever process runs it: through the remote bus with PostgreSQL (it
 * hears this process too), or here. Returns the function that stops.
 */
export function watch(db: Database, runId: string, listener: Listener): () => void {
  const remote = remoteOf(db);
  if (remote) return remote.subscribe(runId, listener);
  let set = watchers.get(runId);
  if (!set) {
    set = new Set();
    watchers.set(runId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) watchers.delete(runId);
  };
}

/** Cancels a run here, or asks the other processes to; false when no process could be asked. */
export async function cancelAnywhere(db: Database, runId: string): Promise<boolean> {
  if (cancelRun(runId)) return true;
  const remote = remoteOf(db);
  if (!remote) return false;
  await remote.cancel(runId);
  return true;
}

/** Registers a run that starts now; returns the signal that cancels it. */
export function openRun(runId: string, db?: Database): AbortSignal {
  const controller = new AbortController();
  const remote = db ? remoteOf(db) : null;
  live.set(runId, { events: [], listeners: new Set(), controller, remote });
  return controller.signal;
}

/** Records and delivers one event; `run.finished` closes the run here. */
export function publish(runId: string, event: RunEvent) {
  const run = live.get(runId);
  if (!run) return;
  run.events.push(event);
  for (const listener of run.listeners) listener(event);
  if (run.remote) run.remote.publish(runId, event);
  else for (const listener of watchers.get(runId) ?? []) listener(event);
  if (event.type === 'run.finished') live.delete(runId);
}

/** Cancels a run of this process; false when it does not run here. */
export function cancelRun(runId: string, reason = 'cancelled'): boolean {
  const run = live.get(runId);
  if (!run) return false;
  run.controller.abort(reason);
  return true;
}

export const isLive = (runId: string) => live.has(runId);

/**
 * The events of a live run from its first, then as they come, until `run.finished` or the
 * signal; null when the run does not run in this process.
 */
export function follow(runId: string, signal: AbortSignal): AsyncIterable<RunEvent> | null {
  const run = live.get(runId);
  if (!run) return null;
  const queue = [...run.events];
  let wake: (() => void) | null = null;
  const listener: Listener = (event) => {
    queue.push(event);
    wake?.();
  };
  run.listeners.add(listener);
  const stop = () => wake?.();
  signal.addEventListener('abort', stop, { once: true });
  return {
    async *[Symbol.asyncIterator]() {
      try {
        while (!signal.aborted) {
          const event = queue.shift();
          if (!event) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
            continue;
          }
          yield event;
          if (event.type === 'run.finished') return;
        }
      } finally {
        run.listeners.delete(listener);
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
