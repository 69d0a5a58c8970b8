/**
 * The live side of runs in this process: each running run's events (kept until it finishes,
 * so a late subscriber replays them) and its cancel switch. What outlives the run is in the
 * database (run-store.ts). Crossing processes (LISTEN/NOTIFY) comes with the queue work.
 */
import type { RunEvent } from '../../../../shared/engine/index.ts';

type Listener = (event: RunEvent) => void;

interface LiveRun {
  events: RunEvent[];
  listeners: Set<Listener>;
  controller: AbortController;
}

const live = new Map<string, LiveRun>();

/** Registers a run that starts now; returns the signal that cancels it. */
export function openRun(runId: string): AbortSignal {
  const controller = new AbortController();
  live.set(runId, { events: [], listeners: new Set(), controller });
  return controller.signal;
}

/** Records and delivers one event; `run.finished` closes the run here. */
export function publish(runId: string, event: RunEvent) {
  const run = live.get(runId);
  if (!run) return;
  run.events.push(event);
  for (const listener of run.listeners) listener(event);
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
