import { describe, expect, it } from 'vitest';
import {
  DELETED_RECORD_RULES,
  SUPER_ADMIN_DEFAULT_RULES,
  tableRulesFor,
} from '../../../shared/abilities';
import { accessSummary } from './access-summary';

const byArea = (rules: Parameters<typeof accessSummary>[0]) =>
  Object.fromEntries(accessSummary(rules).map((entry) => [entry.area, entry]));

describe('accessSummary', () => {
  it('gives a super admin full access everywhere', () => {
    expect(accessSummary(SUPER_ADMIN_DEFAULT_RULES).every((entry) => entry.full)).toBe(true);
  });

  it('reads a member’s rules as view-only areas and their own profile', () => {
    const areas = byArea([
      ...tableRulesFor('everyone', 'u1'),
      ...tableRulesFor('member', 'u1'),
      ...DELETED_RECORD_RULES,
    ]);
    expect(areas.projects).toMatchObject({ full: false, grants: [{ action: 'read', own: false }] });
    expect(areas.members?.grants).toEqual([
      { action: 'read', own: false },
      { action: 'update', own: true },
    ]);
    expect(areas.customers?.full).toBe(true);
    expect(areas.agents?.grants.map((grant) => grant.action)).toEqual(['read', 'create', 'update']);
  });

  it('lists no grants where nothing is allowed', () => {
    expect(byArea([{ action: 'read', subject: 'Project' }]).roles?.grants).toEqual([]);
  });
});
