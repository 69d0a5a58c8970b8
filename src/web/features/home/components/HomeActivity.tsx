import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HomeActivity as Activity } from '../../../../shared/schemas/home';
import { ActivityItem, ActivityList, ActivitySkeleton } from '../../../components/ActivityDot';
import { RouterLink } from '../../../components/RouterLink';
import { SectionCard } from '../../../components/SectionCard';
import { useAbility } from '../../../lib/ability';
import { activitySentence } from '../../../lib/activity-sentence';

/** The dot of a change: creations, deletions and the rest. */
const kindOf = (action: string) =>
  action.endsWith('.create') || action.endsWith('.add') || action.endsWith('.import')
    ? 'created'
    : action.endsWith('.delete') || action.endsWith('.remove') || action.endsWith('.revoke')
      ? 'status_change'
      : 'updated';

/** The organisation's latest changes, as sentences, newest first. */
export function HomeActivity({ items }: { items: readonly Activity[] | undefined }) {
  const { t, i18n } = useTranslation();
  const canOpenAuditLog = useAbility().can('update', 'Organization');
  return (
    <SectionCard
      id="home-activity"
      title={t('overview.activity.title')}
      action={
        canOpenAuditLog ? (
          <RouterLink to="/organization" search={{ tab: 'audit' }} variant="body2">
            {t('overview.activity.all')}
          </RouterLink>
        ) : null
      }
    >
      {!items ? (
        <ActivitySkeleton rows={5} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('overview.activity.empty')}</Typography>
      ) : (
        <ActivityList>
          {items.map((item) => (
            <ActivityItem key={item.id} kind={kindOf(item.action)} createdAt={item.createdAt}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {activitySentence(i18n, {
                  action: item.action,
                  actorName: item.actor.name,
                  targetName: item.targetName,
                })}
              </Typography>
            </ActivityItem>
          ))}
        </ActivityList>
      )}
    </SectionCard>
  );
}
