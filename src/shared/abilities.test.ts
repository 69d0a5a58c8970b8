import { describe, it, expect, vi } from 'vitest';
import {
  ABILITY_TABLE,
  ABILITY_WHO,
  ACTIONS,
  DEFAULT_SAVED_RULES,
  FALLBACK_RULES,
  SUBJECTS,
  SUPER_ADMIN_DEFAULT_RULES,
  abilityRulesSchema,
  buildAbility,
  can,
  defineRulesFor,
  type Action,
  type AbilityRule,
  type AppAbility,
  type Subject,
} from './abilities.ts';

// ---------------------------------------------------------------------------
// The spec's table (section 6), written out literally so that this test fails
// when the implementation drifts from the spec.
// ---------------------------------------------------------------------------

type Who = 'everyone' | 'super_admin' | 'admin' | 'developer' | 'member' | 'user';
type Cell = readonly [readonly Action[], readonly Subject[]];

const CRUD = ['create', 'read', 'update', 'delete'] as const;

const SPEC: Record<Who, readonly Cell[]> = {
  // Everyone signed in: read all, Auth, dashboards-crm, Project, data-sources, Agent; manage customer
  everyone: [
    [['read'], ['all', 'Auth', 'dashboards-crm', 'Project', 'data-sources', 'Agent']],
    [['manage'], ['customer']],
  ],
  // super_admin: CRUD on Project, Organization, User, DataSource, Role; read access-control and Acl;
  // manage SuperAdmin; manage all
  super_admin: [
    [CRUD, ['Project', 'Organization', 'User', 'DataSource', 'Role']],
    [['read'], ['access-control', 'Acl']],
    [['manage'], ['SuperAdmin']],
    [['manage'], ['all']],
  ],
  // admin: CRUD on Project, User, DataSource, Agent; read and update Organization; read Role
  admin: [
    [CRUD, ['Project', 'User', 'DataSource', 'Agent']],
    [['read', 'update'], ['Organization']],
    [['read'], ['Role']],
  ],
  // developer: create/read/update on Project and DataSource; read Organization and User; CRUD on Agent
  developer: [
    [
      ['create', 'read', 'update'],
      ['Project', 'DataSource'],
    ],
    [['read'], ['Organization', 'User']],
    [CRUD, ['Agent']],
  ],
  // member: read Project, User, data-sources; read/create/update Agent; update own User only
  member: [
    [['read'], ['Project', 'User', 'data-sources']],
    [['read', 'create', 'update'], ['Agent']],
  ],
  // user: read Project, Organization, User; read/create/update Agent; update own User only
  user: [
    [['read'], ['Project', 'Organization', 'User']],
    [['read', 'create', 'update'], ['Agent']],
  ],
};

/** "update own User only" */
const SPEC_OWN: Record<Who, readonly Cell[]> = {
  everyone: [],
  super_admin: [],
  admin: [],
  developer: [],
  member: [[['update'], ['User']]],
  user: [[['update'], ['User']]],
};

const USER_ID = 'user-1';
const OTHER_ID = 'user-2';
const ROLES = ['admin', 'developer', 'member', 'user'] as const;

function rulesOf(who: Who): AbilityRule[] {
  const warn = vi.fn();
  if (who === 'everyone') return defineRulesFor({ userId: USER_ID, superAdmin: false, role: null });
  if (who === 'super_admin') {
    return defineRulesFor({ userId: USER_ID, superAdmin: true, role: null }, warn);
  }
  return defineRulesFor({ userId: USER_ID, superAdmin: false, role: who }, warn);
}

function abilityOf(who: Who): AppAbility {
  return buildAbility(rulesOf(who));
}

/** Every action implied by a cell: manage means every action, and manage itself. */
function expand(actions: readonly Action[]): Action[] {
  return actions.includes('manage') ? [...ACTIONS] : [...actions];
}

function cellsOf(table: Record<Who, readonly Cell[]>, who: Who): [Action, Subject][] {
  const out: [Action, Subject][] = [];
  for (const [actions, subjects] of table[who]) {
    for (const action of expand(actions)) {
      for (const subject of subjects) out.push([action, subject]);
    }
  }
  return out;
}

const WHO: readonly Who[] = ['everyone', 'super_admin', ...ROLES];

describe('defineRulesFor: every cell of the spec table is allowed', () => {
  for (const who of WHO) {
    // Everyone's rules apply to every signed-in user as well.
    const cells =
      who === 'everyone'
        ? cellsOf(SPEC, who)
        : [...cellsOf(SPEC, 'everyone'), ...cellsOf(SPEC, who)];
    it.each(cells)(`${who} can %s %s`, (action, subject) => {
      const ability = abilityOf(who);
      expect(ability.can(action, subject)).toBe(true);
      expect(can(ability, action, subject)).toBe(true);
      // Also on a concrete (not deleted) record of that subject.
      if (subject !== 'all') {
        expect(can(ability, action, subject, { id: 'rec-1', deleted_at: null })).toBe(true);
      }
    });

    const own = cellsOf(SPEC_OWN, who);
    if (own.length > 0) {
      it.each(own)(`${who} can %s own %s only`, (action, subject) => {
        const ability = abilityOf(who);
        expect(can(ability, action, subject, { id: USER_ID })).toBe(true);
        expect(can(ability, action, subject, { id: OTHER_ID })).toBe(false);
      });
    }
  }
});

describe('defineRulesFor: denials', () => {
  const denied: [Who, Action, Subject][] = [
    // signed in without a role
    ['everyone', 'create', 'Project'],
    ['everyone', 'update', 'Project'],
    ['everyone', 'delete', 'Project'],
    ['everyone', 'create', 'Agent'],
    ['everyone', 'update', 'User'],
    ['everyone', 'update', 'Organization'],
    ['everyone', 'manage', 'SuperAdmin'],
    ['everyone', 'create', 'DataSource'],
    // member
    ['member', 'create', 'Project'],
    ['member', 'update', 'Project'],
    ['member', 'delete', 'Project'],
    ['member', 'delete', 'Agent'],
    ['member', 'create', 'DataSource'],
    ['member', 'update', 'Organization'],
    ['member', 'create', 'User'],
    ['member', 'delete', 'User'],
    ['member', 'manage', 'SuperAdmin'],
    // user
    ['user', 'create', 'Project'],
    ['user', 'update', 'Project'],
    ['user', 'delete', 'Project'],
    ['user', 'delete', 'Agent'],
    ['user', 'update', 'Organization'],
    ['user', 'create', 'DataSource'],
    // developer
    ['developer', 'delete', 'Project'],
    ['developer', 'delete', 'DataSource'],
    ['developer', 'update', 'Organization'],
    ['developer', 'delete', 'Organization'],
    ['developer', 'create', 'User'],
    ['developer', 'update', 'User'],
    ['developer', 'update', 'Role'],
    ['developer', 'manage', 'SuperAdmin'],
    // admin
    ['admin', 'delete', 'Organization'],
    ['admin', 'create', 'Organization'],
    ['admin', 'create', 'Role'],
    ['admin', 'update', 'Role'],
    ['admin', 'delete', 'Role'],
    ['admin', 'manage', 'SuperAdmin'],
    ['admin', 'manage', 'all'],
  ];

  it.each(denied)('%s cannot %s %s', (who, action, subject) => {
    const ability = abilityOf(who);
    expect(ability.can(action, subject)).toBe(false);
    expect(can(ability, action, subject, { id: OTHER_ID })).toBe(false);
  });

  it.each(['member', 'user'] as const)(
    "%s cannot update another user's User but can update their own",
    (role) => {
      const ability = abilityOf(role);
      expect(can(ability, 'update', 'User', { id: OTHER_ID })).toBe(false);
      expect(can(ability, 'update', 'User', { id: USER_ID })).toBe(true);
      expect(can(ability, 'delete', 'User', { id: USER_ID })).toBe(false);
    },
  );

  it('admin may update any User; developer may update no User', () => {
    expect(can(abilityOf('admin'), 'update', 'User', { id: OTHER_ID })).toBe(true);
    expect(can(abilityOf('developer'), 'update', 'User', { id: USER_ID })).toBe(false);
  });

  it('super admin can do every action on every subject', () => {
    const ability = abilityOf('super_admin');
    for (const action of ACTIONS) {
      for (const subject of SUBJECTS) {
        expect(ability.can(action, subject), `${action} ${subject}`).toBe(true);
      }
    }
  });

  it('super admin flag and an organisation role combine', () => {
    const ability = buildAbility(
      defineRulesFor({ userId: USER_ID, superAdmin: true, role: 'member' }),
    );
    expect(ability.can('delete', 'Organization')).toBe(true);
    expect(can(ability, 'update', 'User', { id: OTHER_ID })).toBe(true);
  });
});

describe('defineRulesFor: unknown role', () => {
  it('adds nothing and warns with the role name', () => {
    const warn = vi.fn();
    const rules = defineRulesFor({ userId: USER_ID, superAdmin: false, role: 'owner' }, warn);
    expect(rules).toEqual(defineRulesFor({ userId: USER_ID, superAdmin: false, role: null }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('owner');
    const ability = buildAbility(rules);
    expect(ability.can('create', 'Agent')).toBe(false);
    expect(ability.can('read', 'Project')).toBe(true);
  });

  it('uses console.warn by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      defineRulesFor({ userId: USER_ID, superAdmin: false, role: 'superuser' });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]?.[0])).toContain('superuser');
    } finally {
      spy.mockRestore();
    }
  });

  it('does not warn when there is no role', () => {
    const warn = vi.fn();
    defineRulesFor({ userId: USER_ID, superAdmin: false, role: null }, warn);
    defineRulesFor({ userId: USER_ID, superAdmin: true, role: null }, warn);
    for (const role of ROLES) defineRulesFor({ userId: USER_ID, superAdmin: false, role }, warn);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('deleted records', () => {
  const deletedRecord = { id: 'rec-1', deleted_at: '2024-05-01T10:00:00.000Z' };
  const deletedAsDate = { id: 'rec-1', deleted_at: new Date('2024-05-01T10:00:00Z') };

  describe.each(WHO)('%s', (who) => {
    const ability = abilityOf(who);
    it.each(['read', 'update', 'delete'] as const)('cannot %s a deleted record', (action) => {
      for (const subject of ['Project', 'Agent', 'User', 'DataSource', 'customer'] as const) {
        expect(can(ability, action, subject, deletedRecord), `${action} ${subject}`).toBe(false);
        expect(can(ability, action, subject, deletedAsDate), `${action} ${subject}`).toBe(false);
      }
    });

    it('can read a record whose deleted_at is null or absent, and the plain subject', () => {
      expect(can(ability, 'read', 'Project', { id: 'rec-1', deleted_at: null })).toBe(true);
      expect(can(ability, 'read', 'Project', { id: 'rec-1' })).toBe(true);
      expect(can(ability, 'read', 'Project', { id: 'rec-1', deleted_at: undefined })).toBe(true);
      expect(can(ability, 'read', 'Project')).toBe(true);
    });
  });

  it('a member cannot update even their own User record once deleted', () => {
    const ability = abilityOf('member');
    expect(can(ability, 'update', 'User', { id: USER_ID, deleted_at: null })).toBe(true);
    expect(can(ability, 'update', 'User', { id: USER_ID, deleted_at: '2024-01-01' })).toBe(false);
  });

  it('the denial rules come last in every rule list', () => {
    for (const who of WHO) {
      const rules = rulesOf(who);
      const last = rules[rules.length - 1];
      expect(last?.inverted).toBe(true);
      expect(rules.filter((rule) => rule.inverted)).toHaveLength(1);
    }
  });
});

describe('predefined rule sets', () => {
  it('FALLBACK_RULES allow only read of all, Project and Organization', () => {
    const ability = buildAbility(FALLBACK_RULES);
    expect(ability.can('read', 'all')).toBe(true);
    expect(ability.can('read', 'Project')).toBe(true);
    expect(ability.can('read', 'Organization')).toBe(true);
    for (const action of ['create', 'update', 'delete', 'manage'] as const) {
      for (const subject of SUBJECTS) {
        expect(ability.can(action, subject), `${action} ${subject}`).toBe(false);
      }
    }
    expect(can(ability, 'read', 'Project', { id: 'p', deleted_at: '2024-01-01' })).toBe(false);
  });

  it("DEFAULT_SAVED_RULES are everyone's rules plus CRUD on Agent", () => {
    const ability = buildAbility(DEFAULT_SAVED_RULES);
    for (const [action, subject] of cellsOf(SPEC, 'everyone')) {
      expect(ability.can(action, subject), `${action} ${subject}`).toBe(true);
    }
    for (const action of CRUD) expect(ability.can(action, 'Agent')).toBe(true);
    expect(ability.can('create', 'Project')).toBe(false);
    expect(ability.can('manage', 'SuperAdmin')).toBe(false);
    expect(can(ability, 'delete', 'Agent', { id: 'a', deleted_at: '2024-01-01' })).toBe(false);
  });

  it('SUPER_ADMIN_DEFAULT_RULES give manage on all, except deleted records', () => {
    const ability = buildAbility(SUPER_ADMIN_DEFAULT_RULES);
    for (const subject of SUBJECTS) expect(ability.can('manage', subject)).toBe(true);
    expect(can(ability, 'delete', 'Project', { id: 'p', deleted_at: '2024-01-01' })).toBe(false);
    expect(can(ability, 'delete', 'Project', { id: 'p', deleted_at: null })).toBe(true);
  });

  it('buildAbility does not keep the rule objects it was given', () => {
    const rules: AbilityRule[] = [{ action: 'read', subject: 'Project' }];
    const ability = buildAbility(rules);
    rules[0] = { action: 'delete', subject: 'Project' };
    expect(ability.can('read', 'Project')).toBe(true);
    expect(ability.can('delete', 'Project')).toBe(false);
  });
});

describe('ABILITY_TABLE', () => {
  function flatten(table: Record<Who, readonly Cell[]>, own: Record<Who, readonly Cell[]>) {
    const out = new Set<string>();
    for (const who of WHO) {
      for (const [action, subject] of cellsOf(table, who)) out.add(`${who} ${action} ${subject}`);
      for (const [action, subject] of cellsOf(own, who)) out.add(`${who} ${action} own ${subject}`);
    }
    return [...out].sort();
  }

  it('lists exactly the cells of the spec table', () => {
    const fromTable = {} as Record<Who, Cell[]>;
    const ownFromTable = {} as Record<Who, Cell[]>;
    for (const who of ABILITY_WHO) {
      fromTable[who] = ABILITY_TABLE[who].filter((e) => !e.own).map((e) => [e.actions, e.subjects]);
      ownFromTable[who] = ABILITY_TABLE[who]
        .filter((e) => e.own)
        .map((e) => [e.actions, e.subjects]);
    }
    expect(flatten(fromTable, ownFromTable)).toEqual(flatten(SPEC, SPEC_OWN));
  });

  it('uses only known actions and subjects', () => {
    for (const who of ABILITY_WHO) {
      for (const entry of ABILITY_TABLE[who]) {
        for (const action of entry.actions) expect(ACTIONS).toContain(action);
        for (const subject of entry.subjects) expect(SUBJECTS).toContain(subject);
      }
    }
  });
});

describe('stored rules', () => {
  it.each(WHO)('rules of %s survive a JSON round trip and validate', (who) => {
    const rules = rulesOf(who);
    const parsed = abilityRulesSchema.parse(JSON.parse(JSON.stringify(rules)));
    const ability = buildAbility(parsed as AbilityRule[]);
    const original = buildAbility(rules);
    for (const action of ACTIONS) {
      for (const subject of SUBJECTS) {
        expect(ability.can(action, subject)).toBe(original.can(action, subject));
      }
    }
    expect(can(ability, 'read', 'Project', { deleted_at: '2024-01-01' })).toBe(false);
  });

  it('rejects unknown actions and subjects', () => {
    expect(abilityRulesSchema.safeParse([{ action: 'fly', subject: 'Project' }]).success).toBe(
      false,
    );
    expect(abilityRulesSchema.safeParse([{ action: 'read', subject: 'Nope' }]).success).toBe(false);
  });
});

describe('can helper', () => {
  it('does not modify the record and lets one record be checked as several subjects', () => {
    const ability = abilityOf('member');
    const record = { id: USER_ID };
    expect(can(ability, 'update', 'User', record)).toBe(true);
    expect(can(ability, 'update', 'Project', record)).toBe(false);
    expect(Object.getOwnPropertyNames(record)).toEqual(['id']);
  });

  it('checks the subject type alone when no record is given (conditions are not known yet)', () => {
    // CASL semantics: a conditional rule allows the type check; the record check decides.
    const ability = abilityOf('member');
    expect(can(ability, 'update', 'User')).toBe(true);
    expect(can(ability, 'update', 'User', null)).toBe(true);
  });
});
