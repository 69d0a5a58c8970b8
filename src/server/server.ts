import { serve } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApp } from './app.ts';
import { startServices } from './bootstrap.ts';
import { seedFirstStart } from './auth/seed.ts';
import { createLogger } from './http/logger.ts';

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

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  logger.info({ node: process.versions.node }, `starting on Node ${process.versions.node}`);
  const services = await startServices(config, { logger });
  const seeded = await seedFirstStart(services.deps.db, services.deps.auth, config.seedAdmin);

  const app = createApp(services.deps);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    const lines = [
      '',
      `  Meridian is running at ${config.appUrl} (port ${info.port}, database: ${services.database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}, Node ${process.versions.node})`,
    ];
    if (seeded) {
      lines.push(
        '',
        '  First start: a super admin and a demo organization were created.',
        `    Sign in at ${config.appUrl}/login`,
        `    E-mail:   ${seeded.email}`,
        seeded.generatedPassword
          ? `    Password: ${seeded.password}   (shown only this once; change it after signing in)`
          : '    Password: the one in SEED_ADMIN_PASSWORD',
      );
    } else {
      lines.push(`  Sign in at ${config.appUrl}/login`);
    }
    console.log(lines.join('\n') + '\n');
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('shutdown grace period over; closing connections');
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await services.close();
      logger.info('database closed; bye');
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Meridian failed to start:', error);
  process.exit(1);
});
