import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Logger } from '../http/logger.ts';
import { mailTemplates } from '../mail/templates.ts';
import { inviteeSignIn } from './invitee-sign-in.ts';
import { oauthTwoFactorGate } from './oauth-two-factor.ts';
import { createAccessPolicy } from './access-policy.ts';
import { beforeAccountDeletion } from './account-deletion.ts';
import { signInThrottlePlugin } from './sign-in-throttle.ts';
import { TOTP_OPTIONS, totpSingleUse } from './totp-single-use.ts';
import { TWO_FACTOR_LOCKOUT } from '../../shared/constants.ts';

export const CLIENT_IP_HEADER = 'x-meridian-client-ip';
export const OIDC_PROVIDER_ID = 'oidc';

/** Verification links land on the /verify-email page, which shows the result, unless a caller chose another page. */
function withResultPage(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') link.searchParams.set('callbackURL', '/verify-email');
  return link.toString();
}

/** The origins whose pages may call the API with the session cookie. */
export function trustedOrigins(config: Config): string[] {
  // The Vite dev server (npm run dev + npx vite) proxies /api from its own origin.
  return config.nodeEnv === 'development'
    ? [config.appUrl, 'http://localhost:5173']
    : [config.appUrl];
}

export type AuthDeps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  /** Awaited after every /api/auth request that may write (the session cache settles). */
  afterWrite?: () => Promise<void>;
};

export function createAuth(deps: AuthDeps) {
  const auth = createBetterAuth(deps);
  const { afterWrite } = deps;
  if (!afterWrite) return auth;
  const handler = auth.handler;
  return {
    ...auth,
    handler: async (request: Request) => {
      const response = await handler(request);
      if (request.method !== 'GET' && request.method !== 'HEAD') await afterWrite();
      return response;
    },
  };
}

function createBetterAuth({ config, db, mailer, logger, secret }: AuthDeps) {
  const superAdminEmails = new Set(config.superAdminEmails);
  const trustedProviders = ['google', OIDC_PROVIDER_ID];
  const accessPolicy = createAccessPolicy({
    alwaysAllowed: [...config.superAdminEmails, config.seedAdmin.email],
  });

  return betterAuth({
    appName: 'Meridian',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    logger: {
      log(level, message, ...args) {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: false, unique: true },
        superAdmin: { type: 'boolean', required: false, input: false, defaultValue: false },
        locale: { type: 'string', required: false, input: false },
        timeZone: { type: 'string', required: false, input: false },
        bannedAt: { type: 'date', required: false, input: false, returned: false },
        banReason: { type: 'string', required: false, input: false, returned: false },
        passwordChangeRequired: {
          type: 'boolean',
          required: false,
          input: false,
          defaultValue: false,
        },
      },
      validateUserInfo: accessPolicy.validateUserInfo,
      changeEmail: {
        enabled: true,
        async sendChangeEmailConfirmation({ user, newEmail, url }) {
          await mailer.send({ to: user.email, ...mailTemplates.changeEmail(newEmail, url) });
        },
      },
      deleteUser: { enabled: true, beforeDelete: beforeAccountDeletion(db) },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({ to: user.email, ...mailTemplates.resetPassword(url) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({ to: user.email, ...mailTemplates.verifyEmail(withResultPage(url)) });
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            accessType: 'offline',
            prompt: 'consent',
            scope: ['email', 'profile'],
          },
        }
      : {},
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': { window: 60, max: 10 },
        '/sign-up/*': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 5 },
        '/reset-password': { window: 300, max: 10 },
        '/two-factor/verify-*': { window: 60, max: 5 },
        // Reads: no rate-limit row is written for them (issue 13: no write on a read).
        '/get-session': false,
        '/list-sessions': false,
        '/list-accounts': false,
      },
    },
    advanced: {
      cookiePrefix: 'meridian',
      useSecureCookies: config.appUrl.startsWith('https://'),
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return {
              data: { ...user, superAdmin: superAdminEmails.has(user.email.toLowerCase()) },
            };
          },
        },
      },
      session: { create: { before: accessPolicy.beforeSessionCreate } },
    },
    plugins: [
      accessPolicy.plugin,
      twoFactor({
        issuer: 'Meridian',
        allowPasswordless: true,
        totpOptions: TOTP_OPTIONS,
        accountLockout: {
          maxFailedAttempts: TWO_FACTOR_LOCKOUT.maxFailures,
          durationSeconds: TWO_FACTOR_LOCKOUT.lockMinutes * 60,
        },
      }),
      totpSingleUse(db),
      signInThrottlePlugin({ db, mailer, logger, appUrl: config.appUrl }),
      oauthTwoFactorGate(),
      inviteeSignIn(db),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.name,
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Logging out ends the Meridian session only (as with Google), and the app
                  // goes to /login: no detour to the provider's end-session page, which would
                  // need a post-logout address registered there and would not come back.
                  disableProviderLogout: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
