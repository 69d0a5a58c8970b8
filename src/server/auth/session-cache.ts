import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AbilityRule, AppAbility } from '../../shared/abilities.ts';
import type { Membership } from '../../shared/schemas/organization.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { ChannelListener, Unsubscribe } from '../db/notifications.ts';
import type { Logger } from '../http/logger.ts';

/** The channel migration 0011's triggers NOTIFY on a session, user, member or organisation change. */
export const AUTH_CHANNEL = 'meridian_auth';
/** How long an entry may be served without a change message; bounds the harm of a lost one. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries per kind; the least recently used goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 5_000;
/** How long a write request waits for its own change messages to come back through PostgreSQL. */
const SETTLE_TIMEOUT_MS = 2_000;

/** A Map used as an LRU with a time to live: bounded, whatever the traffic. */
class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(max: number, ttlMs: number, now: () => number) {
    this.max = max;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K) {
    this.entries.delete(key);
  }

  deleteWhere(matches: (key: K, value: V) => boolean) {
    for (const [key, entry] of this.entries)
      if (matches(key, entry.value)) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

/** What Better Auth's getSession answered for one session cookie. */
export type CachedSession = {
  sessionId: string;
  userId: string;
  session: { id: string; expiresAt: Date } & Record<string, unknown>;
  user: { id: string } & Record<string, unknown>;
  expiresAt: number;
  /** When getSession would extend the session (Better Auth's updateAge); from then on it goes to Better Auth again. */
  refreshAt: number;
};

export type CachedAbility = { rules: AbilityRule[]; ability: AppAbility };

/**
 * Short-lived, bounded, in-process cache of what every signed-in request needs: the session
 * and user behind a session cookie, a user's memberships, whether an organisation exists (for
 * super admins outside it) and the built ability. Entries are dropped at once by the change
 * messages of migration 0011's triggers (LISTEN meridian_auth, in this process and every
 * other); it serves nothing while it is not listening, since it could miss a change.
 *
 * A value read from the database is stored only if no change message arrived while it was
 * being read (`generation`), so a read racing a change cannot put the old value back.
 */
export class SessionCache implements ChannelListener {
  readonly sessions: BoundedCache<string, CachedSession>;
  readonly memberships: BoundedCache<string, Membership[]>;
  readonly organizations: BoundedCache<string, true>;
  readonly abilities: BoundedCache<string, CachedAbility>;
  private listening = false;
  private changes = 0;
  private readonly waiters = new Map<string, () => void>();
  private readonly instance = randomBytes(6).toString('hex');
  private syncs = 0;
  /** Sends a message on the channel (PostgreSQL only: PGlite delivers before the statement returns). */
  private readonly publish: ((payload: string) => Promise<void>) | null;
  close: Unsubscribe = async () => {};

  constructor(
    options: {
      publish?: (payload: string) => Promise<void>;
      ttlMs?: number;
      maxEntries?: number;
      now?: () => number;
    } = {},
  ) {
    const max = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    const ttl = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    const now = options.now ?? Date.now;
    this.sessions = new BoundedCache(max, ttl, now);
    this.memberships = new BoundedCache(max, ttl, now);
    this.organizations = new BoundedCache(max, ttl, now);
    this.abilities = new BoundedCache(max, ttl, now);
    this.publish = options.publish ?? null;
  }

  /** True while change messages can reach this cache; otherwise nothing is served or stored. */
  get active() {
    return this.listening;
  }

  /** Take before reading the database; pass to `fresh` before storing what was read. */
  get generation() {
    return this.changes;
  }

  fresh(generation: number) {
    return this.listening && generation === this.changes;
  }

  onMessage(payload: string) {
    const waiter = this.waiters.get(payload);
    if (waiter) {
      this.waiters.delete(payload);
      waiter();
      return;
    }
    if (payload.startsWith('sync:')) return; // another process settling its own writes
    this.changes++;
    const id = payload.slice(2);
    switch (payload.slice(0, 2)) {
      case 's:':
        this.sessions.deleteWhere((_, entry) => entry.sessionId === id);
        break;
      case 'u:':
        this.dropUser(id);
        break;
      case 'o:':
        this.organizations.delete(id);
        this.memberships.deleteWhere((_, list) => list.some((org) => org.id === id));
        break;
      default:
        this.clear();
    }
  }

  onListening() {
    this.clear();
    this.listening = true;
  }

  onLost() {
    this.listening = false;
    this.clear();
    this.releaseWaiters();
  }

  dropUser(userId: string) {
    this.changes++;
    this.sessions.deleteWhere((_, entry) => entry.userId === userId);
    this.memberships.delete(userId);
    this.abilities.deleteWhere((key) => key.startsWith(`${userId}:`));
  }

  clear() {
    this.changes++;
    this.sessions.clear();
    this.memberships.clear();
    this.organizations.clear();
    this.abilities.clear();
  }

  /**
   * After a write: returns once this process has received every change message committed
   * before now, so the writer's next request cannot be served a dropped entry. It sends a
   * marker on the channel and waits for it to come back (PostgreSQL delivers in commit order),
   * then lets the event loop read whatever else has arrived. PGlite needs none of this.
   */
  async settle(): Promise<void> {
    if (!this.publish || !this.listening) return;
    const marker = `sync:${this.instance}:${++this.syncs}`;
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<boolean>((resolve) => {
      this.waiters.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await this.publish(marker);
      if (!(await echoed)) this.clear();
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.waiters.delete(marker);
    }
    await nextTurns(2);
  }

  private releaseWaiters() {
    for (const waiter of this.waiters.values()) waiter();
    this.waiters.clear();
  }
}

/** Lets the event loop poll its sockets: other listeners' messages sent with ours get read. */
async function nextTurns(turns: number) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The process's cache, listening on the database's change channel. */
export async function createSessionCache(
  database: DatabaseHandle,
  logger: Logger,
): Promise<SessionCache> {
  const cache = new SessionCache({
    publish:
      database.kind === 'postgres'
        ? async (payload) => {
            await database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`);
          }
        : undefined,
  });
  const listener: ChannelListener = {
    onMessage: (payload) => cache.onMessage(payload),
    onListening: () => cache.onListening(),
    onLost: () => {
      logger.warn('session cache: lost the change channel; serving from the database');
      cache.onLost();
    },
  };
  cache.close = await database.listen(AUTH_CHANNEL, listener);
  return cache;
}
