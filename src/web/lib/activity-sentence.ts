import type { i18n as I18n } from 'i18next';

/** What a sentence about a recorded change needs: what was done, by whom, to what. */
export interface ActivityFacts {
  /** The audit action (`project.create`); never shown as such. */
  action: string;
  actorName: string | null;
  /** The target's name or e-mail as the change recorded it. */
  targetName: string | null;
}

/**
 * One sentence in the current language for a recorded change: "Ada created the project “Atlas”".
 * Actions without a sentence of their own read as a change (to the target); without a name the
 * target is left out ("Ada created the project").
 */
export function activitySentence(i18n: I18n, facts: ActivityFacts): string {
  const key = `activity.actions.${facts.action.replaceAll('.', '_')}`;
  const values = {
    actor: facts.actorName ?? i18n.t('activity.someone'),
    target: facts.targetName ? i18n.t('activity.quoted', { name: facts.targetName }) : '',
  };
  const fallback = facts.targetName ? 'activity.actions.otherNamed' : 'activity.actions.other';
  const sentence = i18n.t((i18n.exists(key) ? key : fallback) as 'activity.actions.other', values);
  return sentence.replace(/\s+/g, ' ').trim();
}
