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
  if (!config.databaseUrl) {
    // The embedded database belongs to one process (the server, which works the queue itself);
    // a second process on its data directory would damage it.
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the server works the queue itself.',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const services = await startServices(config, { logger, worker: true });
  logger.info({ database: services.database.kind, pid: process.pid }, 'worker ready (PostgreSQL)');
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
