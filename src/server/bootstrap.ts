import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { startWork } from './jobs/work.ts';
import { createAuth } from './auth/auth.ts';
import { createSessionCache } from './auth/session-cache.ts';
import { grantConfiguredSuperAdmins } from './auth/super-admins.ts';
import { createMailer } from './mail/mailer.ts';
import { createLogger, type Logger } from './http/logger.ts';
import { resolveAppSecret } from './secret.ts';
import { startRunHousekeeping } from './modules/agents/runs/run-housekeeping.ts';
import { startScheduler } from './modules/agents/schedules/schedule-firing.ts';

export type Services = { deps: AppDeps; database: DatabaseHandle; close(): Promise<void> };

/**
 * Opens the database, applies the migrations and builds everything a request needs.
 * `inMemory` keeps PGlite in memory (tests); otherwise it lives in DATA_DIR.
 */
export async function startServices(
  config: Config,
  options: {
    logger?: Logger;
    inMemory?: boolean;
    trustProxy?: boolean;
    /** Whether this process works the run queue (default: yes; `npm run worker` only does). */
    worker?: boolean;
  } = {},
): Promise<Services> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemory ? null : config.dataDir,
    onIdleConnectionError: (error) =>
      logger.warn({ err: error.message }, 'database: an idle connection was closed'),
  });
  await database.migrate();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });
  const secret = resolveAppSecret(config.appSecret, config.dataDir);
  const sessionCache = await createSessionCache(database, logger);
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    logger,
    secret,
    afterWrite: () => sessionCache.settle(),
  });
  await grantConfiguredSuperAdmins(database.db, config.superAdminEmails);
  const deps: AppDeps = {
    config,
    db: database.db,
    auth,
    mailer,
    logger,
    sessionCache,
    isReady: database.isReady,
    trustProxy: options.trustProxy ?? config.trustProxy,
  };
  const stopWork = await startWork(deps, database, { worker: options.worker ?? true });
  const stopHousekeeping = startRunHousekeeping(database.db, logger);
  const stopScheduler = config.scheduler ? startScheduler(deps) : async () => {};
  return {
    deps,
    database,
    close: async () => {
      await stopScheduler();
      stopHousekeeping();
      await stopWork();
      await sessionCache.close();
      await database.close();
    },
  };
}
