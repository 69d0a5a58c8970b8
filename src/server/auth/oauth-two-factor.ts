import type { BetterAuthPlugin } from 'better-auth';

export function oauthTwoFactorGate(): BetterAuthPlugin {
  return { id: 'oauth-two-factor-gate' };
}
