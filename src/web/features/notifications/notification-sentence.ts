import type { TFunction } from 'i18next';
import type { NotificationDto } from '../../../shared/schemas/notifications';
import { formatNumber } from '../../lib/format';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown, language?: string): string =>
  formatNumber(typeof value === 'number' ? value : 0, {}, language);

/**
 * One sentence in the reader's language for a notification, from its kind and what it names;
 * a kind this page does not know yet reads as "a new notification".
 */
export function notificationSentence(
  t: TFunction,
  notification: Pick<NotificationDto, 'kind' | 'params'>,
  language?: string,
): string {
  const p = notification.params;
  const people = { member: text(p.memberName), organization: text(p.organizationName) };
  switch (notification.kind) {
    case 'member.joined':
      return t('layout.notifications.kinds.member.joined', people);
    case 'invitation.accepted':
      return t('layout.notifications.kinds.invitation.accepted', people);
    case 'member.left':
      return t('layout.notifications.kinds.member.left', people);
    case 'member.removed':
      return t('layout.notifications.kinds.member.removed', people);
    case 'help_request.received':
      return t('layout.notifications.kinds.help_request.received', {
        author: text(p.authorName),
      });
    case 'help_request.answered':
      return t('layout.notifications.kinds.help_request.answered');
    case 'customers.import_finished':
      return t('layout.notifications.kinds.customers.import_finished', {
        created: count(p.created, language),
        updated: count(p.updated, language),
        failed: count(p.failed, language),
      });
    case 'run.failed':
      return t('agentQueue.notifications.runFailed', {
        agent: text(p.agentName),
        error: text(p.error),
      });
    case 'budget.reached':
      return p.budget === 'cost'
        ? t('agentQueue.notifications.budgetReachedCost', people)
        : t('agentQueue.notifications.budgetReachedTokens', people);
    case 'schedule.run_failed':
      return t('scheduler.notifications.runFailed', {
        agent: text(p.agentName),
        schedule: text(p.scheduleName),
      });
    case 'schedule.disabled':
      return t('scheduler.notifications.disabled', {
        agent: text(p.agentName),
        schedule: text(p.scheduleName),
      });
    case 'message':
      // Written before kinds existed: the English text it was stored with.
      return text(p.title) || t('layout.notifications.kinds.unknown');
    default:
      return t('layout.notifications.kinds.unknown');
  }
}
