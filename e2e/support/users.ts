// Accounts for the browser tests, created and signed in through the API (faster than the
// forms, which register-verify-signin.spec.ts covers). Requests made with `page.request` share
// the page's cookies, so a sign-in here signs the page in.
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './env.ts';
import { waitForVerificationLink } from './mail.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface TestUser extends Credentials {
  name: string;
}

/** Better Auth checks the Origin of requests that change state. */
const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };

let helperAddress = 0;

/**
 * Headers of the accounts this file creates and signs in through the API. The e2e server
 * trusts X-Forwarded-For (playwright.config.ts), so each call comes from its own address and
 * the set-up of one spec never uses up the sign-up and sign-in rate limits (per address) that
 * the pages under test run into; the limits themselves are tested by the server tests.
 */
export function apiSetupHeaders() {
  return { ...ORIGIN_HEADERS, ...ownClientAddress() };
}

/** An X-Forwarded-For header with an address no other call uses (see apiSetupHeaders). */
export function ownClientAddress() {
  helperAddress += 1;
  const address = `10.${process.pid % 250}.${Math.floor(helperAddress / 250) % 250}.${(helperAddress % 250) + 1}`;
  return { 'X-Forwarded-For': address };
}

async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  }
}

/**
 * Registers a new user (never a super admin: only the seeded admin is one), then opens the
 * verification link from the mail the server wrote. The user belongs to no organisation.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  label = 'user',
): Promise<TestUser> {
  const unique = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
  const user: TestUser = {
    name: `Test ${label}`,
    email: `${label}.${unique}@meridian.test`,
    password: `Pass-${unique}-word`,
  };
  const since = Date.now() - 1_000;
  await expectOk(
    await request.post('/api/auth/sign-up/email', {
      data: { ...user, callbackURL: '/verify-email' },
      headers: apiSetupHeaders(),
    }),
    `Sign-up of ${user.email}`,
  );
  const link = await waitForVerificationLink(user.email, { since });
  await expectOk(await request.get(link), `Verification of ${user.email}`);
  return user;
}

/** Signs the page's browser context in with e-mail and password. */
export async function signIn(page: Page, { email, password }: Credentials): Promise<void> {
  await expectOk(
    await page.request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: apiSetupHeaders(),
    }),
    `Sign-in of ${email}`,
  );
}

/** Signs the page in as the seeded super admin. */
export function signInAsSuperAdmin(page: Page): Promise<void> {
  return signIn(page, E2E_ADMIN);
}

/** Registers, verifies and signs in a fresh user who is not a super admin. */
export async function signInAsNewUser(page: Page, label?: string): Promise<TestUser> {
  const user = await createVerifiedUser(page.request, label);
  await signIn(page, user);
  return user;
}
