import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HomeActivity as Activity } from '../../../../shared/schemas/home';
import { ActivityDot, ActivitySkeleton, ActivityTime } from '../../../components/ActivityDot';
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
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.id}
              sx={{
                display: 'flex',
                gap: 1.5,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <ActivityDot kind={kindOf(item.action)} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {activitySentence(i18n, {
                    action: item.action,
                    actorName: item.actor.name,
                    targetName: item.targetName,
                  })}
                </Typography>
                <ActivityTime value={item.createdAt} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
