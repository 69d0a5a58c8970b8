import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** What a LISTEN subscriber is told. */
export type ChannelListener = {
  onMessage(payload: string): void;
  /** Listening (again): messages sent while not listening were lost. */
  onListening(): void;
  /** No longer listening (connection lost); messages are being missed until onListening. */
  onLost(): void;
};

export type Unsubscribe = () => Promise<void>;

const RECONNECT_DELAY_MS = { first: 100, max: 5_000 };

/**
 * LISTEN on PostgreSQL through a dedicated connection (a pooled one would be handed to
 * queries), reconnecting with a growing delay when it drops.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
  onError: (error: Error) => void,
): Promise<Unsubscribe> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = RECONNECT_DELAY_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const lost = (error: Error) => {
    if (stopped) return;
    onError(error);
    listener.onLost();
    const broken = client;
    client = null;
    broken?.removeAllListeners();
    broken?.on('error', () => {});
    void broken?.end().catch(() => {});
    timer = setTimeout(() => void connect().catch(lost), delay);
    delay = Math.min(delay * 2, RECONNECT_DELAY_MS.max);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost(new Error('LISTEN connection ended'));
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    delay = RECONNECT_DELAY_MS.first;
    listener.onListening();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/** LISTEN inside PGlite: one process, messages arrive as the notifying statement returns. */
export async function listenPglite(
  db: PGlite,
  channel: string,
  listener: ChannelListener,
): Promise<Unsubscribe> {
  const unlisten = await db.listen(channel, (payload) => listener.onMessage(payload));
  listener.onListening();
  return unlisten;
}
