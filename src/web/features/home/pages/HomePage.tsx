import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useAuthState } from '../../../lib/auth-store';
import { homeOverviewQueryOptions } from '../api/home';
import { GettingStarted } from '../components/GettingStarted';
import { HomeActivity } from '../components/HomeActivity';
import {
  NoOrganizationCard,
  type CreateOrganizationDialogType,
} from '../components/NoOrganizationCard';
import { OrganizationCounts } from '../components/OrganizationCounts';
import { OrganizationList } from '../components/OrganizationList';
import { Welcome } from '../components/Welcome';

/**
 * The signed-in home (/): a welcome, the selected organisation's counts, its first steps while
 * some are left, its latest changes, and the user's organisations. A user in no organisation
 * is shown how to create one (the organisation feature's dialog, passed in by the route) or
 * to be invited.
 */
export function HomePage({
  CreateOrganizationDialog,
}: {
  CreateOrganizationDialog: CreateOrganizationDialogType;
}) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const noOrganization = useAuthState(
    (state) => state.orgDataLoaded && !state.loadError && state.organizations.length === 0,
  );
  const overview = useQuery(homeOverviewQueryOptions(orgId));
  const data = overview.data;
  const stepsLeft = data?.checklist.some((item) => !item.done) ?? false;
  return (
    <Stack spacing={4}>
      <Welcome />
      {noOrganization ? (
        <NoOrganizationCard CreateOrganizationDialog={CreateOrganizationDialog} />
      ) : null}
      {orgId && !noOrganization ? (
        <>
          {overview.isError ? <Alert severity="error">{t('overview.loadError')}</Alert> : null}
          <OrganizationCounts counts={data?.counts} />
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                lg: stepsLeft ? 'minmax(0, 2fr) minmax(0, 3fr)' : 'minmax(0, 1fr)',
              },
              alignItems: 'start',
            }}
          >
            {data && stepsLeft ? <GettingStarted checklist={data.checklist} /> : null}
            <HomeActivity items={overview.isError ? [] : data?.activity} />
          </Box>
        </>
      ) : null}
      {noOrganization ? null : (
        <SectionCard id="home-organizations" title={t('home.organizations')} headingGap={1}>
          <OrganizationList />
        </SectionCard>
      )}
    </Stack>
  );
}
