/**
 * Following a run that does not run in this process: queued, or executed by another process.
 * Listens first, then replays what the database holds, then goes on with the live events (those
 * the replay already told are skipped), until `run.finished`. The stored run is looked at again
 * every few seconds, so a run whose process ended (closed by housekeeping) or a missed
 * notification still ends the stream.
 */
import type { Database } from '../../../db/client.ts';
import type { RunEvent } from '../../../../shared/engine/index.ts';
import { watch } from './run-bus.ts';

const RECHECK_MS = 3_000;

/** What identifies an event the replay may also tell. */
function keyOf(event: RunEvent): string | null {
  if (event.type === 'node.finished' || event.type === 'node.failed') {
    return `${event.type}:${event.nodeId}:${event.attempt}`;
  }
  if (event.type === 'run.started') return event.type;
  return null;
}

export async function* followElsewhere(
  db: Database,
  runId: string,
  signal: AbortSignal,
  /** The stored run told as events (ends without `run.finished` while it goes on). */
  replay: () => AsyncIterable<RunEvent>,
): AsyncGenerator<RunEvent> {
  const queue: RunEvent[] = [];
  let wake: (() => void) | null = null;
  const stop = watch(db, runId, (event) => {
    queue.push(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const told = new Set<string>();
    for await (const event of replay()) {
      const key = keyOf(event);
      if (key) told.add(key);
      yield event;
      if (event.type === 'run.finished') return;
    }
    while (!signal.aborted) {
      const event = queue.shift();
      if (!event) {
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), RECHECK_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        wake = null;
        if (!woken && !signal.aborted) {
          // Nothing heard for a while: the stored run says whether it has ended.
          for await (const stored of replay()) {
            if (stored.type === 'run.finished') {
              yield stored;
              return;
            }
          }
        }
        continue;
      }
      const key = keyOf(event);
      if (key && told.has(key)) continue;
      if (key) told.add(key);
      yield event;
      if (event.type === 'run.finished') return;
    }
  } finally {
    stop();
    signal.removeEventListener('abort', onAbort);
  }
}
