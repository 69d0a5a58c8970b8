// One scheduler process of `npm run bench:scheduler`: the services with the firing loop on and
// no run worker (the runs stay queued: the benchmark measures firing, not running).
import { loadConfig } from '../../src/server/config.ts';
import { startServices } from '../../src/server/bootstrap.ts';
import { createLogger } from '../../src/server/http/logger.ts';

const config = loadConfig({ ...process.env, SCHEDULER: 'on', NODE_ENV: 'production' });
const logger = createLogger('warn');
const services = await startServices(config, { logger, worker: false });
console.log('scheduler ready');
process.on('SIGTERM', () => {
  void services.close().then(() => process.exit(0));
});
