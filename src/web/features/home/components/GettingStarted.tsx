import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HomeChecklistStep, HomeOverview } from '../../../../shared/schemas/home';
import { RouterLink } from '../../../components/RouterLink';
import { SectionCard } from '../../../components/SectionCard';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Where each step is done. */
const STEP_LINKS = {
  dataSource: { to: '/data-sources' },
  inviteMember: { to: '/organization', search: { tab: 'invitations' } },
  importCustomers: { to: '/customer' },
} as const satisfies Record<HomeChecklistStep, { to: string; search?: object }>;

/** The first steps of a new organisation, each ticked once the organisation has done it. */
export function GettingStarted({ checklist }: { checklist: HomeOverview['checklist'] }) {
  const { t } = useTranslation();
  const done = checklist.filter((item) => item.done).length;
  const total = checklist.length;
  return (
    <SectionCard
      id="home-getting-started"
      title={t('overview.start.title')}
      intro={
        done === total ? t('overview.start.allDone') : t('overview.start.progress', { done, total })
      }
    >
      <LinearProgress
        variant="determinate"
        value={(done / total) * 100}
        aria-label={t('overview.start.progress', { done, total })}
        sx={{ mb: 2, borderRadius: 1, height: 6 }}
      />
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {checklist.map(({ step, done: stepDone, canDo }) => {
          const link = STEP_LINKS[step];
          const title = t(`overview.start.${step}`);
          return (
            <Box
              component="li"
              key={step}
              sx={{ display: 'flex', gap: 1.5, py: 1.25, alignItems: 'flex-start' }}
            >
              <Box
                sx={{ color: stepDone ? 'success.main' : 'text.disabled', mt: 0.25, flexShrink: 0 }}
              >
                {stepDone ? (
                  <IconCircleCheckFilled size={22} aria-hidden />
                ) : (
                  <IconCircle size={22} aria-hidden />
                )}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="body1"
                  sx={{
                    fontWeight: 500,
                    ...(stepDone
                      ? { textDecoration: 'line-through', color: 'text.secondary' }
                      : {}),
                  }}
                >
                  {stepDone || !canDo ? (
                    title
                  ) : (
                    <RouterLink to={link.to} search={'search' in link ? link.search : undefined}>
                      {title}
                    </RouterLink>
                  )}
                  {stepDone ? (
                    <Box
                      component="span"
                      sx={visuallyHidden}
                    >{` — ${t('overview.start.done')}`}</Box>
                  ) : null}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {stepDone || canDo
                    ? t(`overview.start.${step}Hint`)
                    : t('overview.start.askAdmin')}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </SectionCard>
  );
}
