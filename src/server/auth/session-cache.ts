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
  /** How many times the channel was (re)joined: 1 unless the connection was lost. */
  listens = 0;
  private changes = 0;
  /** Other processes listening on the channel (PostgreSQL), by instance id. */
  private readonly peers = new Set<string>();
  private readonly settlements = new Map<
    string,
    { confirmedBy(who: string): void; giveUp(): void }
  >();
  private readonly instance = randomBytes(6).toString('hex');
  private syncs = 0;
  onSilentPeers?: (peers: string[]) => void;
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
    const now = options.now ?? (() => Date.now());
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

  /**
   * The cached value of `key`, or `load`'s answer, stored when `keep` says so and no change
   * message arrived while it was read.
   */
  async through<K, V>(
    cache: BoundedCache<K, V>,
    key: K,
    load: () => Promise<V>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V> {
    const hit = this.listening ? cache.get(key) : undefined;
    if (hit !== undefined) return hit;
    const generation = this.changes;
    const value = await load();
    if (keep(value) && this.fresh(generation)) cache.set(key, value);
    return value;
  }

  onMessage(payload: string) {
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const rest = payload.slice(colon + 1);
    switch (kind) {
      case 's':
        this.changes++;
        this.sessions.deleteWhere((_, entry) => entry.sessionId === rest);
        return;
      case 'u':
        this.dropUser(rest);
        return;
      case 'o':
        this.changes++;
        this.organizations.delete(rest);
        this.memberships.deleteWhere((_, list) => list.some((org) => org.id === rest));
        return;
      default:
        if (!this.onProtocolMessage(kind, rest.split(':'))) this.clear();
    }
  }

  /**
   * The settle protocol between processes (PostgreSQL only):
   * `hello:<p>` / `here:<p>` / `bye:<p>` keep the list of peers; `sync:<p>:<n>` asks every
   * peer to confirm, with `ack:<p>:<n>:<peer>`, that it has applied every change committed
   * before it (messages arrive in commit order, and each is applied as it arrives).
   */
  private onProtocolMessage(kind: string, [from = '', n = '', by = '']: string[]): boolean {
    const own = from === this.instance;
    switch (kind) {
      case 'hello':
        if (!own) {
          this.peers.add(from);
          this.send(`here:${this.instance}`);
        }
        return true;
      case 'here':
        if (!own) this.peers.add(from);
        return true;
      case 'bye':
        this.peers.delete(from);
        return true;
      case 'sync':
        if (own) this.settlements.get(n)?.confirmedBy(this.instance);
        else {
          this.peers.add(from);
          this.send(`ack:${from}:${n}:${this.instance}`);
        }
        return true;
      case 'ack':
        if (own) this.settlements.get(n)?.confirmedBy(by);
        if (by && by !== this.instance) this.peers.add(by); // back after being dropped as silent
        return true;
      default:
        return false;
    }
  }

  onListening() {
    this.clear();
    this.listening = true;
    this.listens++;
    this.send(`hello:${this.instance}`);
  }

  onLost() {
    this.listening = false;
    this.clear();
    for (const settlement of this.settlements.values()) settlement.giveUp();
  }

  /** Tells the other processes this one stops listening (they no longer wait for it). */
  async leave() {
    if (this.publish && this.listening) await this.publish(`bye:${this.instance}`).catch(() => {});
    this.listening = false;
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
   * After a write: returns once this process and every other one listening have applied every
   * change committed before now, so the next request anywhere cannot be served a dropped entry.
   * It sends a marker on the channel and waits for it to come back here and for each peer's
   * acknowledgement. A peer silent for SETTLE_TIMEOUT_MS is dropped from the list (a crashed
   * process; one that lost its connection serves nothing from its cache anyway).
   * PGlite needs none of this: its messages are applied before the writing statement returns.
   */
  async settle(): Promise<void> {
    if (!this.publish || !this.listening) return;
    const n = String(++this.syncs);
    const waitingFor = new Set([this.instance, ...this.peers]);
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.settlements.delete(n);
        resolve();
      };
      this.settlements.set(n, {
        confirmedBy: (who) => {
          waitingFor.delete(who);
          if (waitingFor.size === 0) finish();
        },
        giveUp: finish,
      });
      timer = setTimeout(() => {
        if (waitingFor.has(this.instance)) this.clear();
        for (const peer of waitingFor) this.peers.delete(peer);
        this.onSilentPeers?.([...waitingFor].filter((peer) => peer !== this.instance));
        finish();
      }, SETTLE_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await this.publish(`sync:${this.instance}:${n}`);
    } catch {
      this.clear();
      this.settlements.get(n)?.giveUp();
    }
    await done;
  }

  private send(payload: string) {
    this.publish?.(payload).catch(() => this.clear());
  }
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
  cache.onSilentPeers = (peers) => {
    if (peers.length) logger.warn({ peers }, 'session cache: peers did not confirm; dropped');
  };
  const unlisten = await database.listen(AUTH_CHANNEL, listener);
  cache.close = async () => {
    await cache.leave();
    await unlisten();
  };
  return cache;
}
