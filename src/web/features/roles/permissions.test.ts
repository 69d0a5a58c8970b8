import { describe, expect, it } from 'vitest';
import {
  ABILITY_TABLE,
  ABILITY_WHO,
  buildAbility,
  can,
  defineRulesFor,
} from '../../../shared/abilities';
import { ORG_ROLES } from '../../../shared/constants';
import { coverage, permissionMatrix, permissionsOf, PERMISSION_HOLDERS } from './permissions';

describe('permissionsOf', () => {
  it('lists the admin role’s permissions by subject, as the table gives them', () => {
    expect(permissionsOf('admin')).toEqual([
      { subject: 'Project', actions: ['create', 'read', 'update', 'delete'], own: false },
      { subject: 'DataSource', actions: ['create', 'read', 'update', 'delete'], own: false },
      { subject: 'Agent', actions: ['create', 'read', 'update', 'delete'], own: false },
      { subject: 'Organization', actions: ['read', 'update'], own: false },
      { subject: 'User', actions: ['create', 'read', 'update', 'delete'], own: false },
      { subject: 'Role', actions: ['read'], own: false },
    ]);
  });

  it('keeps own-record permissions on a line of their own and orders actions', () => {
    expect(permissionsOf('member')).toEqual([
      { subject: 'Project', actions: ['read'], own: false },
      { subject: 'data-sources', actions: ['read'], own: false },
      { subject: 'Agent', actions: ['create', 'read', 'update'], own: false },
      { subject: 'User', actions: ['read'], own: false },
      { subject: 'User', actions: ['update'], own: true },
    ]);
  });

  it('covers every action of every entry of every who, and nothing else', () => {
    for (const who of ABILITY_WHO) {
      const expected = new Set(
        ABILITY_TABLE[who].flatMap((entry) =>
          entry.subjects.flatMap((subject) =>
            entry.actions.map((action) => `${subject}:${action}:${entry.own === true}`),
          ),
        ),
      );
      const derived = new Set(
        permissionsOf(who).flatMap((line) =>
          line.actions.map((action) => `${line.subject}:${action}:${line.own}`),
        ),
      );
      expect(derived, who).toEqual(expected);
    }
  });
});

describe('coverage', () => {
  it('tells direct, own-record, wildcard and inherited permissions apart', () => {
    expect(coverage('admin', 'delete', 'User')).toBe('direct');
    expect(coverage('member', 'update', 'User')).toBe('own');
    expect(coverage('super_admin', 'delete', 'Agent')).toBe('wildcard');
    expect(coverage('member', 'read', 'Organization')).toBe('everyone');
    expect(coverage('member', 'delete', 'Project')).toBe('none');
    expect(coverage('everyone', 'manage', 'customer')).toBe('direct');
  });

  it('agrees with the abilities the server builds, for every holder and matrix cell', () => {
    const userId = 'u1';
    const inputs = {
      everyone: { superAdmin: false, role: null },
      super_admin: { superAdmin: true, role: null },
      ...Object.fromEntries(ORG_ROLES.map((role) => [role, { superAdmin: false, role }])),
    } as Record<(typeof PERMISSION_HOLDERS)[number], { superAdmin: boolean; role: string | null }>;
    for (const who of PERMISSION_HOLDERS) {
      const ability = buildAbility(defineRulesFor({ userId, ...inputs[who] }));
      for (const { subject, lines } of permissionMatrix()) {
        for (const { action, cells } of lines) {
          const mine = can(ability, action, subject, { id: userId });
          const others = can(ability, action, subject, { id: 'u2' });
          const what = `${who} ${action} ${subject}`;
          if (cells[who] === 'none') expect(mine || others, what).toBe(false);
          else if (cells[who] === 'own') expect([mine, others], what).toEqual([true, false]);
          else expect([mine, others], what).toEqual([true, true]);
        }
      }
    }
  });
});

describe('permissionMatrix', () => {
  const groups = permissionMatrix();

  it('has a group for every subject the table names, with a column per holder', () => {
    const named = new Set(
      ABILITY_WHO.flatMap((who) => ABILITY_TABLE[who].flatMap((entry) => entry.subjects)),
    );
    expect(new Set(groups.map((group) => group.subject))).toEqual(named);
    for (const group of groups) {
      for (const line of group.lines) {
        expect(Object.keys(line.cells).sort()).toEqual([...PERMISSION_HOLDERS].sort());
      }
    }
  });

  it('lists only the actions some rule names on the subject', () => {
    const customer = groups.find((group) => group.subject === 'customer');
    expect(customer?.lines.map((line) => line.action)).toEqual(['manage']);
    const organization = groups.find((group) => group.subject === 'Organization');
    expect(organization?.lines.map((line) => line.action)).toEqual([
      'create',
      'read',
      'update',
      'delete',
    ]);
  });
});
