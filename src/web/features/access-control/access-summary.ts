import {
  buildAbility,
  type AbilityRule,
  type Action,
  type Subject,
} from '../../../shared/abilities';

/** The areas a person recognises, each checked through the subject that guards it. */
export const ACCESS_AREAS = [
  { area: 'projects', subject: 'Project' },
  { area: 'dataSources', subject: 'DataSource' },
  { area: 'agents', subject: 'Agent' },
  { area: 'customers', subject: 'customer' },
  { area: 'dashboards', subject: 'dashboards-crm' },
  { area: 'organization', subject: 'Organization' },
  { area: 'members', subject: 'User' },
  { area: 'roles', subject: 'Role' },
  { area: 'accessControl', subject: 'access-control' },
  { area: 'superAdmin', subject: 'SuperAdmin' },
] as const satisfies readonly { area: string; subject: Subject }[];

/** The order the actions read in a sentence: view, create, change, delete. */
const SENTENCE_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
] as const satisfies readonly Action[];

export type AccessArea = (typeof ACCESS_AREAS)[number]['area'];

/** One action allowed in an area, and whether only on the person's own record. */
export interface AreaGrant {
  action: (typeof SENTENCE_ACTIONS)[number];
  own: boolean;
}

export interface AreaAccess {
  area: AccessArea;
  /** Every action on every record of the area. */
  full: boolean;
  grants: AreaGrant[];
}

/**
 * What the rules allow, area by area: the rule that decides each action on the area's subject
 * (a later rule wins; the deleted-record denial does not count for a plain subject check).
 */
export function accessSummary(rules: readonly AbilityRule[]): AreaAccess[] {
  const ability = buildAbility(rules);
  return ACCESS_AREAS.map(({ area, subject }) => {
    const grants = SENTENCE_ACTIONS.flatMap((action): AreaGrant[] => {
      const rule = ability.relevantRuleFor(action, subject);
      if (!rule || rule.inverted) return [];
      return [{ action, own: Boolean(rule.conditions) }];
    });
    const full = grants.length === SENTENCE_ACTIONS.length && grants.every((grant) => !grant.own);
    return { area, full, grants };
  });
}
