import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmActivityDto } from '../../../../shared/schemas/dashboard';
import { RouterLink } from '../../../components/RouterLink';
import { ActivityItem, ActivityList, ActivitySkeleton } from '../../../components/ActivityDot';
import { customerActivityText } from '../../../lib/customer-activity-text';

type Activity = CrmActivityDto;

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
          <ActivitySkeleton rows={5} />
        ) : items.length === 0 ? (
          <Typography color="text.secondary">{t('customers.dashboard.recent.empty')}</Typography>
        ) : (
          <ActivityList>
            {items.map((activity) => (
              <ActivityItem key={activity.id} kind={activity.type} createdAt={activity.createdAt}>
                <Typography variant="body2">
                  {withCustomerLink(
                    customerActivityText(t, i18n.language, activity, NAME),
                    <RouterLink
                      to="/customer"
                      search={{ customer: activity.customer.id }}
                      underline="hover"
                      sx={{ fontWeight: 600 }}
                    >
                      <bdi>{activity.customer.name}</bdi>
                    </RouterLink>,
                  )}
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
              </ActivityItem>
            ))}
          </ActivityList>
        )}
      </CardContent>
    </Card>
  );
}

/** Where the customer's name goes in a sentence; replaced by a link to the customer. */
const NAME = '\u2063';

function withCustomerLink(sentence: string, link: ReactNode): ReactNode {
  const [before, after] = sentence.split(NAME);
  return after === undefined ? (
    sentence
  ) : (
    <>
      {before}
      {link}
      {after}
    </>
  );
}
