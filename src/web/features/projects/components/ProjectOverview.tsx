import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IconArchive,
  IconArrowBackUp,
  IconDatabase,
  IconHistory,
  IconPencil,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPlus,
  IconRobot,
  IconTrash,
  IconUsers,
  IconActivity,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activitySentence } from '../../../lib/activity-sentence';
import { useAuthState } from '../../../lib/auth-store';
import { formatDateTime, formatNumber } from '../../../lib/format';
import {
  COUNT_KEYS,
  isKnownActivity,
  isKnownCount,
  orderedCounts,
  type KnownActivity,
  type KnownCount,
} from '../activity';
import { projectOverviewQueryOptions, type Project } from '../api/projects';
import { projectErrorText } from '../errors';
import { visuallyHidden } from '../../../components/visually-hidden';
import { RelativeTime } from './ProjectCollection';
import { ActivitySkeleton } from '../../../components/ActivityDot';

const COUNT_ICONS: Record<KnownCount, Icon> = {
  changes: IconHistory,
  dataSources: IconDatabase,
  agents: IconRobot,
  customers: IconUsers,
};

const ACTIVITY_ICONS: Record<KnownActivity, Icon> = {
  'project.create': IconPlus,
  'project.update': IconPencil,
  'project.archive': IconArchive,
  'project.restore': IconArrowBackUp,
  'project.delete': IconTrash,
  'data_source.project.assign': IconPlugConnected,
  'data_source.project.unassign': IconPlugConnectedX,
};

/** The overview tab: the project's counts, its details and its latest changes. */
export function ProjectOverview({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const overview = useQuery(projectOverviewQueryOptions(orgId, project.id));
  const number = (value: number) => formatNumber(value, {}, i18n.language);

  if (overview.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('projects.overview.loadError')} {projectErrorText(t, i18n.language, overview.error)}
      </Alert>
    );
  }

  const counts = overview.data ? orderedCounts(overview.data.counts) : [];
  const activity = overview.data?.recentActivity ?? [];

  return (
    <Grid container spacing={3}>
      <Grid size={12}>
        <Typography variant="h6" component="h2" sx={visuallyHidden}>
          {t('projects.overview.countsTitle')}
        </Typography>
        <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {overview.isPending
            ? Array.from({ length: 2 }, (_, index) => (
                <Grid key={index} size={{ xs: 12, sm: 6, md: 3 }} component="li" aria-hidden>
                  <Skeleton variant="rounded" height={96} />
                </Grid>
              ))
            : counts.map(([name, value]) => {
                const CountIcon = isKnownCount(name) ? COUNT_ICONS[name] : IconActivity;
                const label = isKnownCount(name)
                  ? t(COUNT_KEYS[name])
                  : t('projects.overview.counts.other', { name });
                return (
                  <Grid key={name} size={{ xs: 12, sm: 6, md: 3 }} component="li">
                    <Card variant="outlined" sx={{ height: '100%' }}>
                      <CardContent>
                        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                          <Avatar
                            variant="rounded"
                            aria-hidden
                            sx={{ bgcolor: 'action.hover', color: 'primary.main' }}
                          >
                            <CountIcon size={24} />
                          </Avatar>
                          <Box>
                            <Typography
                              variant="h5"
                              component="p"
                              sx={{ fontWeight: 600 }}
                              data-testid={`count-${name}`}
                            >
                              {number(value)}
                            </Typography>
                            <Typography variant="body2" color="text.secondary">
                              {label}
                            </Typography>
                          </Box>
                        </Stack>
                      </CardContent>
                    </Card>
                  </Grid>
                );
              })}
        </Grid>
      </Grid>

      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardHeader
            title={t('projects.overview.detailsTitle')}
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
              <Detail label={t('projects.overview.description')}>
                {project.description || t('projects.list.noDescription')}
              </Detail>
              <Detail label={t('projects.overview.createdBy')}>
                {project.createdBy?.name ?? t('projects.list.unknownUser')}
              </Detail>
              <Detail label={t('projects.overview.createdAt')}>
                {formatDateTime(project.createdAt, i18n.language)}
              </Detail>
              <Detail label={t('projects.overview.updatedAt')}>
                {formatDateTime(project.updatedAt, i18n.language)}
              </Detail>
            </Box>
          </CardContent>
        </Card>
      </Grid>

      <Grid size={{ xs: 12, md: 7 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardHeader
            title={t('projects.overview.activityTitle')}
            subheader={t('projects.overview.activitySubtitle')}
            slotProps={{
              title: { component: 'h2', variant: 'h6' },
              subheader: { color: 'text.secondary' },
            }}
          />
          <CardContent sx={{ pt: 0 }}>
            {overview.isPending ? (
              <ActivitySkeleton rows={3} dotSize={32} />
            ) : activity.length === 0 ? (
              <Typography color="text.secondary">{t('projects.overview.noActivity')}</Typography>
            ) : (
              <Box
                component="ol"
                aria-label={t('projects.overview.activityTitle')}
                sx={{ listStyle: 'none', p: 0, m: 0 }}
              >
                {activity.map((entry, index) => {
                  const known = isKnownActivity(entry.action);
                  const ActionIcon = known
                    ? ACTIVITY_ICONS[entry.action as KnownActivity]
                    : IconActivity;
                  const label = activitySentence(i18n, {
                    action: entry.action,
                    actorName: entry.actor.name ?? t('projects.overview.system'),
                    targetName: entry.targetName,
                  });
                  return (
                    <Box
                      component="li"
                      key={entry.id}
                      sx={{
                        display: 'flex',
                        gap: 1.5,
                        pb: index === activity.length - 1 ? 0 : 2,
                        position: 'relative',
                        // A line joining the entries, like a timeline.
                        '&:not(:last-of-type)::before': {
                          content: '""',
                          position: 'absolute',
                          insetInlineStart: 15,
                          top: 34,
                          bottom: 2,
                          borderInlineStart: 1,
                          borderColor: 'divider',
                        },
                      }}
                    >
                      <Avatar
                        aria-hidden
                        sx={{
                          width: 32,
                          height: 32,
                          bgcolor: 'action.hover',
                          color: 'primary.main',
                        }}
                      >
                        <ActionIcon size={16} />
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {label}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          <RelativeTime value={entry.createdAt} />
                        </Typography>
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}
