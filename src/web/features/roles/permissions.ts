/**
 * The roles and permissions pages read the one rule table (src/shared/abilities.ts), the table
 * the server enforces, so what they show cannot drift from it.
 */
import {
  ABILITY_TABLE,
  ACTIONS,
  SUBJECTS,
  type AbilityTableEntry,
  type AbilityWho,
  type Action,
  type Subject,
} from '../../../shared/abilities';
import { ORG_ROLES } from '../../../shared/constants';

/** The columns of the matrix and the cards of the roles page: everyone, each role, the flag. */
export const PERMISSION_HOLDERS = [
  'everyone',
  ...ORG_ROLES,
  'super_admin',
] as const satisfies readonly AbilityWho[];

/** What one "who" may do with one subject: the actions, and whether only on their own record. */
export interface SubjectPermission {
  subject: Subject;
  actions: Action[];
  own: boolean;
}

const byActionOrder = (a: Action, b: Action) => ACTIONS.indexOf(a) - ACTIONS.indexOf(b);

/**
 * The permissions the table gives one "who", one line per subject (own-record permissions on a
 * line of their own), subjects in the table's subject order, actions in the usual order.
 */
export function permissionsOf(who: AbilityWho): SubjectPermission[] {
  const lines = new Map<string, SubjectPermission>();
  for (const entry of ABILITY_TABLE[who]) {
    const own = entry.own === true;
    for (const subject of entry.subjects) {
      const key = `${subject}|${own}`;
      const line = lines.get(key) ?? { subject, actions: [], own };
      for (const action of entry.actions) {
        if (!line.actions.includes(action)) line.actions.push(action);
      }
      lines.set(key, line);
    }
  }
  return [...lines.values()]
    .map((line) => ({ ...line, actions: line.actions.sort(byActionOrder) }))
    .sort(
      (a, b) =>
        SUBJECTS.indexOf(a.subject) - SUBJECTS.indexOf(b.subject) || Number(a.own) - Number(b.own),
    );
}

/**
 * How a cell of the matrix is allowed:
 * - `direct`: the holder's own rules name this action on this subject;
 * - `own`: the same, but only on the user's own record;
 * - `wildcard`: the holder's rules cover it through `manage` (any action) or `all` (any subject);
 * - `everyone`: every signed-in user may, whatever the role;
 * - `none`: not allowed.
 */
export type Coverage = 'direct' | 'own' | 'wildcard' | 'everyone' | 'none';

const names = (entry: AbilityTableEntry, action: Action, subject: Subject) =>
  entry.actions.includes(action) && entry.subjects.includes(subject);

const covers = (entry: AbilityTableEntry, action: Action, subject: Subject) =>
  (entry.actions.includes(action) || entry.actions.includes('manage')) &&
  (entry.subjects.includes(subject) || entry.subjects.includes('all'));

export function coverage(who: AbilityWho, action: Action, subject: Subject): Coverage {
  const entries = ABILITY_TABLE[who];
  if (entries.some((entry) => !entry.own && names(entry, action, subject))) return 'direct';
  if (entries.some((entry) => entry.own && names(entry, action, subject))) return 'own';
  if (entries.some((entry) => !entry.own && covers(entry, action, subject))) return 'wildcard';
  if (who !== 'everyone') {
    const base = coverage('everyone', action, subject);
    if (base !== 'none') return 'everyone';
  }
  return 'none';
}

export interface MatrixLine {
  subject: Subject;
  action: Action;
  cells: Record<(typeof PERMISSION_HOLDERS)[number], Coverage>;
}

export interface MatrixGroup {
  subject: Subject;
  lines: MatrixLine[];
}

/**
 * The permission matrix: for each subject the table names, one line per action some rule names
 * on it, with how each holder is allowed it.
 */
export function permissionMatrix(): MatrixGroup[] {
  return SUBJECTS.flatMap((subject) => {
    const actions = ACTIONS.filter((action) =>
      PERMISSION_HOLDERS.some((who) =>
        ABILITY_TABLE[who].some((entry) => names(entry, action, subject)),
      ),
    );
    if (actions.length === 0) return [];
    const lines = actions.map((action) => ({
      subject,
      action,
      cells: Object.fromEntries(
        PERMISSION_HOLDERS.map((who) => [who, coverage(who, action, subject)]),
      ) as MatrixLine['cells'],
    }));
    return [{ subject, lines }];
  });
}
