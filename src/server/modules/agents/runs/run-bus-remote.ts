/**
 * Run events and cancels across processes (AGENTS.md, "Queue and processes"): with PostgreSQL,
 * the process that executes a run sends its events with NOTIFY, and a browser connected to
 * another process follows them there. A notification carries at most 8,000 bytes: events go in
 * batches (one NOTIFY per turn of the event loop, in order through one sender), and an event
 * too big for one (a large step output) goes without its output — its step is in the database.
 * PGlite is one process: nothing crosses there.
 */
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../../db/client.ts';
import type { RunEvent } from '../../../../shared/engine/index.ts';

export const RUN_EVENTS_CHANNEL = 'meridian_run_events';
export const RUN_CANCEL_CHANNEL = 'meridian_run_cancel';
/** Below PostgreSQL's 8,000-byte payload limit, with room for the array's brackets. */
const PAYLOAD_BYTES = 7_800;

type Listener = (event: RunEvent) => void;

export interface RemoteBus {
  publish(runId: string, event: RunEvent): void;
  /** Listens to one run's events sent by other processes; returns the function that stops. */
  subscribe(runId: string, listener: Listener): () => void;
  /** Asks every process to cancel a run (the one running it does). */
  cancel(runId: string): Promise<void>;
}

const buses = new WeakMap<Database, RemoteBus>();

/** The remote bus of a database, or null (PGlite, or not connected). */
export const remoteOf = (db: Database): RemoteBus | null => buses.get(db) ?? null;

/** One event as it travels: itself, or without its output when that makes it too big. */
function encode(runId: string, event: RunEvent): string {
  const whole = JSON.stringify([runId, event]);
  if (Buffer.byteLength(whole) <= PAYLOAD_BYTES) return whole;
  const slim = { ...event, output: null, outputOmitted: true } as unknown as RunEvent;
  const smaller = JSON.stringify([runId, slim]);
  if (Buffer.byteLength(smaller) <= PAYLOAD_BYTES) return smaller;
  const bare = { type: event.type, nodeId: (event as { nodeId?: string }).nodeId, omitted: true };
  return JSON.stringify([runId, bare]);
}

/**
 * Sends this process's run events and listens to the others'. `onCancel` cancels a run of this
 * process when another asks. Returns the function that stops (nothing on PGlite).
 */
export async function connectRunBus(
  database: DatabaseHandle,
  onCancel: (runId: string) => void,
): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres') return async () => {};
  const db = database.db;
  const listeners = new Map<string, Set<Listener>>();
  let pending: string[] = [];
  let sending: Promise<void> | null = null;

  const send = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      let chunk: string[] = [];
      let bytes = 2;
      const flush = async () => {
        if (chunk.length === 0) return;
        const payload = `[${chunk.join(',')}]`;
        chunk = [];
        bytes = 2;
        await db.execute(sql`select pg_notify(${RUN_EVENTS_CHANNEL}, ${payload})`);
      };
      for (const item of batch) {
        const size = Buffer.byteLength(item) + 1;
        if (bytes + size > PAYLOAD_BYTES) await flush();
        chunk.push(item);
        bytes += size;
      }
      await flush();
    }
  };

  const bus: RemoteBus = {
    publish(runId, event) {
      pending.push(encode(runId, event));
      sending ??= new Promise<void>((resolve) => setImmediate(resolve))
        .then(send)
        .catch(() => {
          // A lost batch only costs remote followers live events; the run's log is stored.
        })
        .finally(() => (sending = null));
    },
    subscribe(runId, listener) {
      let set = listeners.get(runId);
      if (!set) {
        set = new Set();
        listeners.set(runId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(runId);
      };
    },
    async cancel(runId) {
      await db.execute(sql`select pg_notify(${RUN_CANCEL_CHANNEL}, ${runId})`);
    },
  };

  const stopEvents = await database.listen(RUN_EVENTS_CHANNEL, {
    onMessage(payload) {
      if (listeners.size === 0) return;
      let items: Array<[string, RunEvent]>;
      try {
        items = JSON.parse(payload) as Array<[string, RunEvent]>;
      } catch {
        return;
      }
      for (const [runId, event] of items) {
        for (const listener of listeners.get(runId) ?? []) listener(event);
      }
    },
    onListening() {},
    onLost() {},
  });
  const stopCancels = await database.listen(RUN_CANCEL_CHANNEL, {
    onMessage: (runId) => onCancel(runId),
    onListening() {},
    onLost() {},
  });
  buses.set(db, bus);
  return async () => {
    buses.delete(db);
    await sending;
    await Promise.all([stopEvents(), stopCancels()]);
  };
}
