// `npm run worker`: a process that only works the job queue (async runs of the API, webhooks
// and schedules), no HTTP. With DATABASE_URL, any number of them share the work with the
// server processes (which work the queue too). See AGENTS.md, "Queue and processes".
import { enableCompileCache } from 'node:module';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startServices } from './bootstrap.ts';
import { createLogger } from './http/logger.ts';

enableCompileCache();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const services = await startServices(config, { logger, worker: true });
  logger.info(
    { database: services.database.kind, pid: process.pid },
    `worker ready (database: ${services.database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (services.database.kind === 'pglite') {
    logger.warn(
      'the embedded database is one process: without DATABASE_URL this worker only works jobs of its own data directory',
    );
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing the runs under way');
    void services
      .close()
      .then(() => {
        logger.info('database closed; bye');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'worker: closing failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Meridian worker failed to start:', error);
  process.exit(1);
});
