import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { BackLink, LoadFailed, MessageCard } from '../../../components/PageStates';
import { userQueryOptions, type UserDetail } from '../api/users';
import { AdminActionDialog, type AdminAction } from '../components/AdminActionDialog';
import { visuallyHidden } from '../../../components/visually-hidden';
import { UserAccountTab } from '../components/UserAccountTab';
import { UserProfileCard } from '../components/UserProfileCard';
import { UserSecurityTab } from '../components/UserSecurityTab';
import { viewerRights } from '../view-rights';
import { USER_VIEW_TABS, type UserViewTab } from '../view-search';

const routeApi = getRouteApi('/apps/user/view/$id');

function isNotFound(error: unknown): boolean {
  // A malformed id is refused by validation (400): for the reader it does not exist either.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** /apps/user/view/{id}: the user's card, and their account and security tabs. */
export function UserViewPage() {
  const { t } = useTranslation();
  const { id } = routeApi.useParams();
  const { tab } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const viewerId = useAuthState((state) => state.userData?.id ?? null);
  const superAdminFlag = useAuthState((state) => state.userData?.super_admin ?? false);
  const ability = useAbility();
  const user = useQuery(userQueryOptions(orgId, id));
  const [dialog, setDialog] = useState<AdminAction | null>(null);
  const current: UserViewTab = tab ?? 'account';

  const backLink = <BackLink to="/apps/user/list">{t('users.view.back')}</BackLink>;

  if (user.isError) {
    if (isNotFound(user.error)) {
      return (
        <Stack spacing={3}>
          {backLink}
          <MessageCard
            icon={IconUserQuestion}
            title={t('users.view.notFound.title')}
            body={t('users.view.notFound.body')}
          />
        </Stack>
      );
    }
    return (
      <Stack spacing={3}>
        {backLink}
        <LoadFailed
          title={t('users.view.title')}
          lead={t('users.view.loadError')}
          error={user.error}
          onRetry={() => void user.refetch()}
        />
      </Stack>
    );
  }

  if (user.isPending) {
    return (
      <Stack spacing={3} aria-busy="true">
        {backLink}
        <Box sx={visuallyHidden} role="status">
          {t('common.loading')}
        </Box>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5, lg: 4 }}>
            <Skeleton variant="rounded" height={420} />
          </Grid>
          <Grid size={{ xs: 12, md: 7, lg: 8 }}>
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={240} sx={{ mt: 3 }} />
          </Grid>
        </Grid>
      </Stack>
    );
  }

  const detail: UserDetail = user.data;
  const { account } = detail;
  const rights = viewerRights(account, {
    viewerId,
    orgId,
    superAdmin: superAdminFlag && ability.can('manage', 'SuperAdmin'),
    canUpdateOrganization: ability.can('update', 'Organization'),
  });

  return (
    <Stack spacing={3}>
      {backLink}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <UserProfileCard account={account} rights={rights} onAction={setDialog} />
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Stack spacing={3}>
            <Box>
              <Tabs
                value={current}
                aria-label={t('users.view.tabsLabel')}
                onChange={(_event, value: UserViewTab) =>
                  void navigate({
                    search: { tab: value === 'account' ? undefined : value },
                    replace: true,
                  })
                }
              >
                {USER_VIEW_TABS.map((name) => (
                  <Tab
                    key={name}
                    value={name}
                    label={t(`users.view.tabs.${name}`)}
                    id={`user-tab-${name}`}
                    aria-controls={`user-tabpanel-${name}`}
                  />
                ))}
              </Tabs>
              <Divider />
            </Box>
            <Box
              role="tabpanel"
              id={`user-tabpanel-${current}`}
              aria-labelledby={`user-tab-${current}`}
            >
              {current === 'account' ? (
                <UserAccountTab account={account} />
              ) : (
                <UserSecurityTab detail={detail} rights={rights} onAction={setDialog} />
              )}
            </Box>
          </Stack>
        </Grid>
      </Grid>
      <AdminActionDialog action={dialog} user={account} onClose={() => setDialog(null)} />
    </Stack>
  );
}
