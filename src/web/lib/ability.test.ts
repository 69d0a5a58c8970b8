import { describe, expect, it } from 'vitest';
import {
  buildAbility,
  defineRulesFor,
  FALLBACK_RULES,
  SUPER_ADMIN_DEFAULT_RULES,
} from '../../shared/abilities';
import { effectiveRules } from './ability';

describe('effectiveRules', () => {
  it("uses the user's rules when there are any", () => {
    const rules = defineRulesFor({ userId: 'u', superAdmin: false, role: 'member' });
    expect(effectiveRules(rules, true)).toBe(rules);
  });

  it('falls back to read of all, Project and Organization without rules', () => {
    expect(effectiveRules([], false)).toBe(FALLBACK_RULES);
    const ability = buildAbility(effectiveRules([], false));
    expect(ability.can('read', 'Organization')).toBe(true);
    expect(ability.can('update', 'Project')).toBe(false);
    expect(ability.can('manage', 'SuperAdmin')).toBe(false);
  });

  it('gives a super admin without rules manage on all', () => {
    expect(effectiveRules([], true)).toBe(SUPER_ADMIN_DEFAULT_RULES);
    expect(buildAbility(effectiveRules([], true)).can('manage', 'SuperAdmin')).toBe(true);
  });
});
