import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './auth/auth.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Logger } from './http/logger.ts';
import type { SessionCache } from './auth/session-cache.ts';

/** Everything a request handler may use; built once by main.ts (or a test) and passed to createApp. */
export type AppDeps = {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Sessions, memberships and abilities of recent callers; see auth/session-cache.ts. */
  sessionCache: SessionCache;
  isReady: () => Promise<boolean>;
  /** Trust X-Forwarded-For for the client address (only behind a proxy that sets it). */
  trustProxy: boolean;
};
