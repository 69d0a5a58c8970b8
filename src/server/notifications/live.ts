/**
 * Live notifications (the navbar's bell without a reload): every process listens on one
 * channel; a notification written anywhere (record.ts, in its transaction) names its user, and
 * this process tells that user's open streams. PostgreSQL delivers to every process; PGlite,
 * one process, to itself.
 */
import type { Database, DatabaseHandle } from '../db/client.ts';
import { NOTIFICATIONS_CHANNEL } from './record.ts';

type Listener = () => void;

export interface NotificationHub {
  /** Hears that a user's notifications changed; returns the function that stops. */
  subscribe(userId: string, listener: Listener): () => void;
}

const hubs = new WeakMap<Database, NotificationHub>();

/** The hub of a database (null when the services did not start one). */
export const notificationHubOf = (db: Database): NotificationHub | null => hubs.get(db) ?? null;

/** Starts listening; returns the function that stops. */
export async function startNotificationHub(database: DatabaseHandle): Promise<() => Promise<void>> {
  const listeners = new Map<string, Set<Listener>>();
  const unlisten = await database.listen(NOTIFICATIONS_CHANNEL, {
    onMessage(userId) {
      for (const listener of listeners.get(userId) ?? []) listener();
    },
    // Messages missed while the connection was down: every open stream refreshes.
    onListening() {
      for (const set of listeners.values()) for (const listener of set) listener();
    },
    onLost() {},
  });
  hubs.set(database.db, {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  });
  return async () => {
    hubs.delete(database.db);
    await unlisten();
  };
}
