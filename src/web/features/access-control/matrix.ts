import {
  ABILITY_TABLE,
  ABILITY_WHO,
  SUBJECTS,
  type AbilityWho,
  type Action,
  type Subject,
} from '../../../shared/abilities';

/** One permission of a cell: the action, and whether it covers only the user's own record. */
export interface MatrixGrant {
  action: Action;
  own: boolean;
}

export interface MatrixRow {
  subject: Subject;
  grants: Record<AbilityWho, MatrixGrant[]>;
}

/** The rule table as rows of subjects (those it names) by columns of "who", cells of actions. */
export function permissionMatrix(): MatrixRow[] {
  return SUBJECTS.flatMap((subject) => {
    const grants = Object.fromEntries(
      ABILITY_WHO.map((who) => [
        who,
        ABILITY_TABLE[who]
          .filter((entry) => entry.subjects.includes(subject))
          .flatMap((entry) => entry.actions.map((action) => ({ action, own: entry.own === true }))),
      ]),
    ) as Record<AbilityWho, MatrixGrant[]>;
    const named = ABILITY_WHO.some((who) => grants[who].length > 0);
    return named ? [{ subject, grants }] : [];
  });
}
