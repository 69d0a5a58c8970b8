import { createAuthMiddleware } from 'better-auth/api';
import {
  APIError,
  getCurrentAdapter,
  type BetterAuthOptions,
  type BetterAuthPlugin,
  type DBTransactionAdapter,
} from 'better-auth';
import { WHITELIST_MESSAGES, whitelistKeysFor } from '../../shared/schemas/whitelist.ts';

/**
 * Who may create an account and who may sign in, enforced inside Better Auth so that every
 * path obeys it: password sign-up, Google, OpenID Connect and invitations (which go through
 * sign-up).
 *
 * - Sign-up whitelist: while it is on, a new account's address must be listed exactly or by its
 *   `@domain`. Existing users are not re-checked. Addresses in SUPER_ADMIN_EMAILS and the seeded
 *   first super admin are always allowed.
 * - Bans: a suspended user gets no new session, whatever the sign-in method.
 *
 * The data is read through Better Auth's adapter, which joins the transaction Better Auth runs
 * the sign-up in (a second connection would wait for it forever on the embedded database).
 *
 * Password sign-up is also checked before Better Auth's handler runs: with e-mail verification
 * on, Better Auth answers a refused creation with the same generic success as for an address
 * that already exists, and the person would never learn why no mail arrives. The answer depends
 * only on the whitelist, not on whether the account exists, so it reveals nothing more.
 */

export const WHITELIST_SETTING_KEY = 'whitelist';
export const EMAIL_NOT_ALLOWED = 'EMAIL_NOT_ALLOWED';
export const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended.';

type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']>;
type SessionHooks = NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['session']>;
type BeforeSessionCreate = NonNullable<NonNullable<SessionHooks['create']>['before']>;

/** The `app_settings` value of the whitelist: on only when explicitly `{ enabled: true }`. */
export function whitelistEnabledIn(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { enabled?: unknown }).enabled === true
  );
}

/** What the policy reads; in production Better Auth's adapter, in unit tests a fake. */
export type PolicyStore = {
  whitelistEnabled(): Promise<boolean>;
  /** True when one of these patterns (address, `@domain`) is on the whitelist. */
  isListed(patterns: string[]): Promise<boolean>;
};

export async function mayCreateAccount(
  email: string,
  store: PolicyStore,
  alwaysAllowed: ReadonlySet<string>,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (alwaysAllowed.has(address)) return true;
  if (!(await store.whitelistEnabled())) return true;
  return address.includes('@') && store.isListed(whitelistKeysFor(address));
}

function adapterStore(adapter: DBTransactionAdapter): PolicyStore {
  return {
    async whitelistEnabled() {
      const row = await adapter.findOne<{ value: unknown }>({
        model: 'appSetting',
        where: [{ field: 'key', value: WHITELIST_SETTING_KEY }],
      });
      return whitelistEnabledIn(row?.value);
    },
    async isListed(patterns) {
      const n = await adapter.count({
        model: 'whitelistEntry',
        where: [{ field: 'pattern', operator: 'in', value: patterns }],
      });
      return n > 0;
    },
  };
}

export function createAccessPolicy(options: { alwaysAllowed: readonly (string | undefined)[] }) {
  const alwaysAllowed = new Set(
    options.alwaysAllowed.filter((e): e is string => Boolean(e)).map((e) => e.toLowerCase()),
  );
  let baseAdapter: DBTransactionAdapter | undefined;

  const allowed = async (email: string, adapter: DBTransactionAdapter) =>
    mayCreateAccount(email, adapterStore(await getCurrentAdapter(adapter)), alwaysAllowed);
  const refused = () =>
    new APIError('FORBIDDEN', { code: EMAIL_NOT_ALLOWED, message: WHITELIST_MESSAGES.refused });

  /** Better Auth learns the whitelist tables (src/server/db/schema/whitelist.ts) from here. */
  const plugin = {
    id: 'meridian-access-policy',
    init(context) {
      baseAdapter = context.adapter;
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string') return; // Better Auth rejects the body itself.
            if (!(await allowed(email, ctx.context.adapter))) throw refused();
          }),
        },
      ],
    },
    schema: {
      whitelistEntry: {
        fields: { pattern: { type: 'string', required: true, unique: true } },
      },
      appSetting: {
        fields: {
          key: { type: 'string', required: true, unique: true },
          value: { type: 'json', required: true },
        },
      },
    },
  } satisfies BetterAuthPlugin;

  /** Only account creation is gated; returning users (any method) keep their access. */
  const validateUserInfo: ValidateUserInfo = async ({ user, source }, ctx) => {
    if (source.action !== 'create-user') return;
    const email = typeof user.email === 'string' ? user.email : '';
    if (await allowed(email, ctx.context.adapter)) return;
    return { error: EMAIL_NOT_ALLOWED, errorDescription: WHITELIST_MESSAGES.refused };
  };

  /** No session for a suspended user: password, OAuth, two-factor completion alike. */
  const beforeSessionCreate: BeforeSessionCreate = async (session, ctx) => {
    const fallback = ctx?.context.adapter ?? baseAdapter;
    if (!fallback) throw new Error('access policy used before Better Auth started');
    const adapter = await getCurrentAdapter(fallback);
    const owner = await adapter.findOne<{ bannedAt?: Date | null }>({
      model: 'user',
      where: [{ field: 'id', value: session.userId }],
    });
    if (owner?.bannedAt) {
      throw new APIError('FORBIDDEN', {
        code: ACCOUNT_SUSPENDED,
        message: ACCOUNT_SUSPENDED_MESSAGE,
      });
    }
  };

  return { plugin, validateUserInfo, beforeSessionCreate };
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
