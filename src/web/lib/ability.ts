import { useMemo } from 'react';
import {
  buildAbility,
  FALLBACK_RULES,
  SUPER_ADMIN_DEFAULT_RULES,
  type AbilityRule,
  type AppAbility,
} from '../../shared/abilities';
import { useAuthState } from './auth-store';

/**
 * The rules the browser checks (spec section 6): the user's rules; without any, manage on all
 * for a super admin and the read-only fallback for everyone else.
 */
export function effectiveRules(
  rules: readonly AbilityRule[],
  superAdmin: boolean,
): readonly AbilityRule[] {
  if (rules.length > 0) return rules;
  return superAdmin ? SUPER_ADMIN_DEFAULT_RULES : FALLBACK_RULES;
}

/** The CASL ability from the auth store's rules (rebuilt when they or super_admin change). */
export function useAbility(): AppAbility {
  const rules = useAuthState((state) => state.rules);
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);
  return useMemo(() => buildAbility(effectiveRules(rules, superAdmin)), [rules, superAdmin]);
}
