/**
 * Roles and permissions (spec section 6) as CASL rules, shared by the server
 * (the authority) and the browser (menus, buttons and guards).
 *
 * `ABILITY_TABLE` is the one rule table; `defineRulesFor` is generated from it.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import {
  AbilityBuilder,
  buildMongoQueryMatcher,
  createMongoAbility,
  subject as forceSubject,
  type ForcedSubject,
  type MongoAbility,
  type MongoQuery,
} from '@casl/ability';
import { z } from 'zod';
import { ORG_ROLES, type OrgRoleName } from './constants.ts';

// ---------------------------------------------------------------------------
// Actions and subjects
// ---------------------------------------------------------------------------

export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** create, read, update and delete (CASL's `manage` means any action). */
export const CRUD_ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
] as const satisfies readonly Action[];

/**
 * Subjects named by the spec (section 6 and the route table of section 2).
 * `all` is CASL's wildcard subject. Kebab-case subjects are page subjects
 * (`data-sources`, `dashboards-crm`, `access-control`); PascalCase ones are
 * entities or areas.
 */
export const SUBJECTS = [
  'all',
  'Auth',
  'dashboards-crm',
  'Project',
  'data-sources',
  'DataSource',
  'Agent',
  'customer',
  'Organization',
  'User',
  'Role',
  'AclDemo',
  'Acl',
  'access-control',
  'SuperAdmin',
  'AccountSettings',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** A record tagged with its subject type (see CASL's `subject()` helper). */
export type SubjectRecord = {
  [S in Subject]: ForcedSubject<S> & Record<string, unknown>;
}[Subject];

export type AppAbility = MongoAbility<[Action, Subject | SubjectRecord]>;

/** A CASL raw rule, as saved in the browser store under `userAbilityRules`. */
export interface AbilityRule {
  action: Action | Action[];
  subject: Subject | Subject[];
  conditions?: MongoQuery;
  inverted?: boolean;
}

// ---------------------------------------------------------------------------
// The rule table (spec section 6)
// ---------------------------------------------------------------------------

export const ABILITY_WHO = [
  'everyone',
  'super_admin',
  'admin',
  'developer',
  'member',
  'user',
] as const satisfies readonly ('everyone' | 'super_admin' | OrgRoleName)[];
export type AbilityWho = (typeof ABILITY_WHO)[number];

export interface AbilityTableEntry {
  readonly actions: readonly Action[];
  readonly subjects: readonly Subject[];
  /** Only the signed-in user's own record: conditions `{ id: userId }`. */
  readonly own?: true;
}

/**
 * The spec's table, one list of entries per "who". "everyone" applies to every
 * signed-in user, "super_admin" to the super-admin flag, the others to the
 * user's role in the selected organisation. Rules only add; the deleted-record
 * denial (`DELETED_RECORD_RULES`) is appended for everyone.
 *
 * Note: "read all" for everyone means read is allowed on every subject by the
 * base rule, so the role-specific read rules add nothing on their own; they are
 * kept so that the table stays faithful to the spec (the server also checks
 * organisation membership).
 */
export const ABILITY_TABLE: Readonly<Record<AbilityWho, readonly AbilityTableEntry[]>> = {
  everyone: [
    {
      actions: ['read'],
      subjects: ['all', 'Auth', 'dashboards-crm', 'Project', 'data-sources', 'Agent'],
    },
    { actions: ['manage'], subjects: ['customer'] },
  ],
  super_admin: [
    { actions: CRUD_ACTIONS, subjects: ['Project', 'Organization', 'User', 'DataSource', 'Role'] },
    { actions: ['read'], subjects: ['access-control', 'Acl'] },
    { actions: ['manage'], subjects: ['SuperAdmin'] },
    { actions: ['manage'], subjects: ['all'] },
  ],
  admin: [
    { actions: CRUD_ACTIONS, subjects: ['Project', 'User', 'DataSource', 'Agent'] },
    { actions: ['read', 'update'], subjects: ['Organization'] },
    { actions: ['read'], subjects: ['Role'] },
  ],
  developer: [
    { actions: ['create', 'read', 'update'], subjects: ['Project', 'DataSource'] },
    { actions: ['read'], subjects: ['Organization', 'User'] },
    { actions: CRUD_ACTIONS, subjects: ['Agent'] },
  ],
  member: [
    { actions: ['read'], subjects: ['Project', 'User', 'data-sources'] },
    { actions: ['read', 'create', 'update'], subjects: ['Agent'] },
    { actions: ['update'], subjects: ['User'], own: true },
  ],
  user: [
    { actions: ['read'], subjects: ['Project', 'Organization', 'User'] },
    { actions: ['read', 'create', 'update'], subjects: ['Agent'] },
    { actions: ['update'], subjects: ['User'], own: true },
  ],
};

/**
 * A record is deleted when `deleted_at` is present and not null. `$exists`
 * makes a record without the field count as not deleted; a field that is
 * present but `undefined` is read as null by `conditionsMatcher` (used by
 * `buildAbility`). When a subject type is checked without a record, CASL
 * ignores inverted rules with conditions, so plain subject checks are
 * unaffected.
 */
export const DELETED_RECORD_CONDITIONS = {
  deleted_at: { $exists: true, $ne: null },
} as const satisfies MongoQuery;

/** Nobody may read, update or delete a record marked deleted. Must come last. */
export const DELETED_RECORD_RULES: readonly AbilityRule[] = [
  {
    action: ['read', 'update', 'delete'],
    subject: 'all',
    conditions: DELETED_RECORD_CONDITIONS,
    inverted: true,
  },
];

function isKnownRole(role: string): role is OrgRoleName {
  return (ORG_ROLES as readonly string[]).includes(role);
}

function entryToRule(entry: AbilityTableEntry, userId: string): AbilityRule {
  const rule: AbilityRule = { action: [...entry.actions], subject: [...entry.subjects] };
  if (entry.own) rule.conditions = { id: userId };
  return rule;
}

/** The rules of one "who" of the table, for the given user id (used by `own` entries). */
export function tableRulesFor(who: AbilityWho, userId: string): AbilityRule[] {
  return ABILITY_TABLE[who].map((entry) => entryToRule(entry, userId));
}

export interface DefineRulesInput {
  userId: string;
  superAdmin: boolean;
  /** The role in the selected organisation; null when there is none. */
  role: string | null;
}

/**
 * Builds the rules of a signed-in user: everyone's rules, the super-admin
 * rules when the flag is set, the organisation role's rules, then the
 * deleted-record denial. An unknown role adds nothing and calls `warn`.
 */
export function defineRulesFor(
  { userId, superAdmin, role }: DefineRulesInput,
  warn: (msg: string) => void = console.warn,
): AbilityRule[] {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  const add = (rules: readonly AbilityRule[]) => {
    for (const rule of rules) {
      if (rule.inverted) builder.cannot(rule.action, rule.subject, rule.conditions);
      else builder.can(rule.action, rule.subject, rule.conditions);
    }
  };

  add(tableRulesFor('everyone', userId));
  if (superAdmin) add(tableRulesFor('super_admin', userId));
  if (role !== null && role !== '') {
    if (isKnownRole(role)) add(tableRulesFor(role, userId));
    else warn(`Unknown role "${role}": no role permissions added`);
  }
  // Inverted rules last: in CASL later rules take precedence over earlier ones.
  add(DELETED_RECORD_RULES);

  return builder.rules.map((rule) => {
    const out: AbilityRule = {
      action: rule.action as AbilityRule['action'],
      subject: rule.subject as AbilityRule['subject'],
    };
    if (rule.conditions !== undefined) out.conditions = rule.conditions;
    if (rule.inverted) out.inverted = true;
    return out;
  });
}

// ---------------------------------------------------------------------------
// Predefined rule sets
// ---------------------------------------------------------------------------

/** Used when the ability is missing: only read of all, Project and Organization. */
export const FALLBACK_RULES: readonly AbilityRule[] = [
  { action: 'read', subject: ['all', 'Project', 'Organization'] },
  ...DELETED_RECORD_RULES,
];

/** Default saved rules: everyone's rules plus CRUD on Agent. */
export const DEFAULT_SAVED_RULES: readonly AbilityRule[] = [
  ...tableRulesFor('everyone', ''),
  { action: [...CRUD_ACTIONS], subject: 'Agent' },
  ...DELETED_RECORD_RULES,
];

/** A super admin with no saved rules gets manage on all. */
export const SUPER_ADMIN_DEFAULT_RULES: readonly AbilityRule[] = [
  { action: 'manage', subject: 'all' },
  ...DELETED_RECORD_RULES,
];

// ---------------------------------------------------------------------------
// Ability
// ---------------------------------------------------------------------------

/**
 * CASL's MongoDB conditions matcher, except that a field whose value is
 * `undefined` reads as null, as it would after a JSON round trip. Without it,
 * `{ deleted_at: undefined }` counts as "present and not null" and the record
 * is treated as deleted. Pass it as `conditionsMatcher` when creating an
 * ability by other means than `buildAbility`.
 */
export const conditionsMatcher = buildMongoQueryMatcher(
  {},
  {},
  {
    get: (object: Record<string, unknown>, field: string) => object[field] ?? null,
  },
);

/** Builds a CASL ability from raw rules (the rules are copied, not kept). */
export function buildAbility(rules: readonly AbilityRule[]): AppAbility {
  return createMongoAbility<AppAbility>(
    rules.map((rule) => ({ ...rule })),
    { conditionsMatcher },
  );
}

/**
 * `ability.can(action, subject(type, record))`. Without a record the subject
 * type itself is checked. The record is shallow-copied before it is tagged, so
 * the caller's object is not modified and may be checked as several types.
 */
export function can(
  ability: AppAbility,
  action: Action,
  subjectType: Subject,
  record?: object | null,
): boolean {
  if (record === undefined || record === null) return ability.can(action, subjectType);
  const copy: Record<string, unknown> = { ...record };
  return ability.can(action, forceSubject(subjectType, copy));
}

// ---------------------------------------------------------------------------
// Validation of stored rules
// ---------------------------------------------------------------------------

const actionSchema = z.enum(ACTIONS);
const subjectSchema = z.enum(SUBJECTS);

/** Schema of one saved rule (e.g. parsing `userAbilityRules` from storage). */
export const abilityRuleSchema = z.object({
  action: z.union([actionSchema, z.array(actionSchema).min(1)]),
  subject: z.union([subjectSchema, z.array(subjectSchema).min(1)]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

export const abilityRulesSchema = z.array(abilityRuleSchema);
