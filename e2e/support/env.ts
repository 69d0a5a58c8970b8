// Settings shared by playwright.config.ts (which starts the server) and the specs
// (which read the mail that server writes). Playwright's workers inherit the runner's
// environment, so an E2E_PORT set for the run is seen the same way by both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file is e2e/support/env.ts). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Port of the server that the browser tests start. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/** Address of that server; also its APP_URL, so links in mail point at it. */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/**
 * Path of E2E_DATA_DIR relative to the repository root (wiped before every run). One per port,
 * so that runs on different ports (E2E_PORT) never share a database or a mail outbox.
 */
export const E2E_DATA_DIR_RELATIVE = `.tmp/e2e-data-${E2E_PORT}`;

/** The server's DATA_DIR during the browser tests. */
export const E2E_DATA_DIR = path.join(ROOT_DIR, E2E_DATA_DIR_RELATIVE);

/** Where that server writes each outgoing mail as an .eml file (no SMTP_URL is set). */
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');

/** The super administrator seeded at start-up. */
export const E2E_ADMIN = {
  email: 'admin@meridian.test',
  password: 'E2e-Admin-Passw0rd!2024',
} as const;

/**
 * Flags of the Chromium the browser tests and the browser benchmark run (Debian's, see
 * scripts/ensure-chromium.mjs).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', // the tests may run as root, where Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
