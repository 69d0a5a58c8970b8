import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { IconArrowsExchange, IconNote, IconPencil, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerStatus } from '../../../../shared/schemas/customers';
import type { CrmActivityDto } from '../../../../shared/schemas/dashboard';
import { RouterLink } from '../../../components/RouterLink';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

type Activity = CrmActivityDto;

const ICONS = {
  created: IconPlus,
  updated: IconPencil,
  status_change: IconArrowsExchange,
  note: IconNote,
} as const;

const COLORS = {
  created: 'success.main',
  updated: 'info.main',
  status_change: 'warning.main',
  note: 'primary.main',
} as const;

function describe(t: TFunction, activity: Activity): string {
  const actor = activity.actor?.name ?? t('customers.activity.someone');
  const status = (value: CustomerStatus | null) => (value ? t(`customers.status.${value}`) : '');
  switch (activity.type) {
    case 'created':
      return t('customers.activity.created', { actor });
    case 'updated':
      return t('customers.activity.updatedNoFields', { actor });
    case 'note':
      return t('customers.activity.note', { actor });
    case 'status_change':
      return activity.fromStatus
        ? t('customers.activity.statusChange', {
            actor,
            from: status(activity.fromStatus),
            to: status(activity.toStatus),
          })
        : t('customers.activity.statusSet', { actor, to: status(activity.toStatus) });
  }
}

/** The latest customer activities of the period, each linking to its customer. */
export function RecentActivity({
  items,
  loading,
}: {
  items: readonly Activity[] | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('customers.dashboard.recent.title')}
        </Typography>
        {loading || !items ? (
          Array.from({ length: 5 }, (_, index) => (
            <Box key={index} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
              <Skeleton variant="circular" width={28} height={28} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="70%" />
                <Skeleton width="30%" />
              </Box>
            </Box>
          ))
        ) : items.length === 0 ? (
          <Typography color="text.secondary">{t('customers.dashboard.recent.empty')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((activity) => {
              const Icon = ICONS[activity.type];
              return (
                <Box
                  component="li"
                  key={activity.id}
                  sx={{
                    display: 'flex',
                    gap: 1.5,
                    py: 1.25,
                    borderBottom: 1,
                    borderColor: 'divider',
                    '&:last-of-type': { borderBottom: 0 },
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      flexShrink: 0,
                      width: 28,
                      height: 28,
                      borderRadius: '50%',
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      color: 'common.white',
                      bgcolor: COLORS[activity.type],
                    }}
                  >
                    <Icon size={15} />
                  </Box>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2">
                      {describe(t, activity)}{' '}
                      <RouterLink
                        to="/customer"
                        search={{ customer: activity.customer.id }}
                        underline="hover"
                        sx={{ fontWeight: 600 }}
                      >
                        {t('customers.dashboard.recent.on', { customer: activity.customer.name })}
                      </RouterLink>
                    </Typography>
                    {activity.type === 'note' && activity.body ? (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {activity.body}
                      </Typography>
                    ) : null}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="time"
                      dateTime={activity.createdAt}
                      title={formatDateTime(activity.createdAt, i18n.language)}
                    >
                      {formatRelativeTime(activity.createdAt, undefined, i18n.language)}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
