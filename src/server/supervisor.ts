// `npm start`: runs the server (main.ts) in a child process and starts it again when it dies
// unexpectedly, after 1 s, then 2, 4… up to 30 s between attempts (back to 1 s once a run has
// lasted a minute), logging how it died and its last lines on stderr. A server that exits with
// code 1 before it is up (before its 'Meridian is running at' line) three times in a row has a
// configuration error (it prints the variable): the supervisor then gives up, with exit code 1,
// instead of trying forever. SIGTERM or SIGINT stops the server gracefully (it finishes its
// requests), then the supervisor, with exit code 0. The supervisor reads no configuration: the
// server gets the environment as it is.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from './http/logger.ts';
import { SERVER_ENV_DEFAULTS } from './server-env.ts';

const SERVER = fileURLToPath(new URL('./main.ts', import.meta.url));
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A run this long resets the delay to FIRST_DELAY_MS. */
const STABLE_MS = 60_000;
/** The line the server prints once it listens (server.ts). */
const UP_LINE = 'Meridian is running at';
const MAX_FAILED_STARTS = 3;
/** The server's own grace period is 10 s; past this, it is killed. */
const STOP_TIMEOUT_MS = 20_000;
const STDERR_LINES = 20;

const log = createLogger('info', { sync: true }).child({ component: 'supervisor' });

let child: ChildProcess | undefined;
let restartTimer: NodeJS.Timeout | undefined;
let stopping = false;
let delay = FIRST_DELAY_MS;
let failedStarts = 0;

/**
 * Passes the server's output on, and watches it: whether the server is up yet, and the last
 * lines it wrote to stderr.
 */
function watch(server: ChildProcess) {
  let up = false;
  let stdout = '';
  let stderr = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (up) return;
    stdout = (stdout + chunk.toString()).slice(-1024);
    up = stdout.includes(UP_LINE);
  });
  server.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-16_384);
  });
  return {
    up: () => up,
    lastLines: () => stderr.split(/\r?\n/).filter(Boolean).slice(-STDERR_LINES),
  };
}

function start() {
  restartTimer = undefined;
  const startedAt = Date.now();
  const server = spawn(process.execPath, [SERVER], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...SERVER_ENV_DEFAULTS, ...process.env },
  });
  child = server;
  const output = watch(server);
  log.info({ serverPid: server.pid }, 'server started');

  server.on('error', (error) => {
    log.fatal({ err: error }, 'cannot start the server');
    process.exit(1);
  });
  // 'close' rather than 'exit': its last output has been read.
  server.on('close', (code, signal) => {
    child = undefined;
    const uptimeMs = Date.now() - startedAt;
    if (stopping) {
      log.info({ code, signal }, 'server stopped; bye');
      process.exit(0);
    }
    if (code === 0) {
      log.info('server stopped on its own (exit code 0); stopping too');
      process.exit(0);
    }
    if (uptimeMs >= STABLE_MS) delay = FIRST_DELAY_MS;
    failedStarts = code === 1 && !output.up() ? failedStarts + 1 : 0;
    const died = { code, signal, uptimeMs, stderr: output.lastLines() };
    if (failedStarts >= MAX_FAILED_STARTS) {
      log.fatal(
        died,
        `the server exited with code 1 before it was up ${MAX_FAILED_STARTS} times in a row: ` +
          'most likely a configuration error (see its message above); not restarting it',
      );
      process.exit(1);
    }
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    log.error(died, `server died (${how}); restarting it in ${delay / 1000} s`);
    restartTimer = setTimeout(start, delay);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  });
}

function stop(signal: NodeJS.Signals) {
  if (stopping) {
    // A second Ctrl-C: no more waiting.
    child?.kill('SIGKILL');
    return;
  }
  stopping = true;
  log.info({ signal }, 'stopping the server');
  clearTimeout(restartTimer);
  if (!child) process.exit(0);
  child.kill('SIGTERM');
  setTimeout(() => {
    log.warn('the server did not stop in time; killing it');
    child?.kill('SIGKILL');
  }, STOP_TIMEOUT_MS).unref();
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
start();
