import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { roleLabel } from '../../../lib/organization';
import { currentOrganizationQueryOptions, type CurrentOrganization } from '../api/organization';
import { CreateOrganizationDialog } from '../components/CreateOrganizationDialog';
import { DangerZoneTab } from '../components/DangerZoneTab';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { InvitationsTab } from '../components/InvitationsTab';
import { MembersTab } from '../components/MembersTab';
import { ProfileTab } from '../components/ProfileTab';
import { ADMIN_TABS, ORGANIZATION_TABS, type OrganizationTab } from '../tabs';

const routeApi = getRouteApi('/organization');

const tabId = (tab: OrganizationTab) => `organization-tab-${tab}`;
const panelId = (tab: OrganizationTab) => `organization-panel-${tab}`;

function Header({
  organization,
  onCreate,
}: {
  organization: CurrentOrganization | undefined;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: { sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
        {organization ? (
          <Avatar
            variant="rounded"
            src={organization.logo ?? undefined}
            alt={t('organization.profile.logoAlt', { name: organization.name })}
            sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
          >
            <IconBuilding size={28} aria-hidden />
          </Avatar>
        ) : (
          <Skeleton variant="rounded" width={56} height={56} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" noWrap dir="auto">
            {organization ? organization.name : t('organization.title')}
          </Typography>
          {organization ? (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}
            >
              <Typography variant="body2" color="text.secondary" dir="ltr">
                {organization.slug}
              </Typography>
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={
                  organization.role
                    ? t('organization.yourRole', { role: roleLabel(t, organization.role) })
                    : t('organization.superAdminView')
                }
              />
              <Typography variant="body2" color="text.secondary">
                {t('organization.memberCount', {
                  members: formatNumber(organization.memberCount, {}, i18n.language),
                })}
              </Typography>
            </Stack>
          ) : (
            <Skeleton width={220} />
          )}
        </Box>
      </Stack>
      <Button
        variant="outlined"
        startIcon={<IconPlus size={18} aria-hidden />}
        onClick={onCreate}
        sx={{ flexShrink: 0 }}
      >
        {t('organization.create.button')}
      </Button>
    </Box>
  );
}

/** Tab labels that live with the feature that owns the tab. */
const TAB_LABELS: Partial<Record<OrganizationTab, 'apiKeys.tab'>> = { 'api-keys': 'apiKeys.tab' };

/**
 * /organization: the selected organisation's profile, members, invitations, model providers,
 * agent settings, API keys, audit log and danger zone. The model providers, the agent settings,
 * the API keys and the audit log belong to other features: the route passes them in.
 */
export function OrganizationPage({
  auditLog,
  providers,
  agentSettings,
  apiKeys,
}: {
  auditLog: ReactNode;
  providers: ReactNode;
  agentSettings: ReactNode;
  apiKeys: ReactNode;
}) {
  const { t } = useTranslation();
  const { tab = 'profile' } = routeApi.useSearch();
  const navigate = useNavigate();
  const ability = useAbility();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const current = useQuery(currentOrganizationQueryOptions(orgId));
  const [creating, setCreating] = useState(false);

  const canManage = ability.can('update', 'Organization');
  const canDelete = ability.can('delete', 'Organization');
  const organization = current.data;

  let content: ReactNode;
  if (orgId === null) {
    content = (
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <Typography component="h2" variant="h6">
            {t('organization.none.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {t('organization.none.body')}
          </Typography>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('organization.create.button')}
          </Button>
        </CardContent>
      </Card>
    );
  } else if (current.isError) {
    content = <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />;
  } else if (!organization) {
    content = (
      <Card aria-busy="true" aria-label={t('common.loading')}>
        <CardContent>
          <Skeleton height={40} width="40%" />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </CardContent>
      </Card>
    );
  } else {
    const panels: Record<OrganizationTab, ReactNode> = {
      profile: <ProfileTab organization={organization} canEdit={canManage} />,
      members: <MembersTab organization={organization} canManage={canManage} />,
      invitations: canManage ? (
        <InvitationsTab organization={organization} />
      ) : (
        <Alert severity="info">{t('organization.invitations.notAllowed')}</Alert>
      ),
      providers,
      agents: agentSettings,
      'api-keys': canManage ? apiKeys : <Alert severity="info">{t('apiKeys.notAllowed')}</Alert>,
      audit: auditLog,
      danger: <DangerZoneTab organization={organization} canDelete={canDelete} />,
    };
    content = (
      <>
        <Tabs
          value={tab}
          aria-label={t('organization.tabsLabel')}
          variant="scrollable"
          allowScrollButtonsMobile
          onChange={(_event, value: OrganizationTab) =>
            void navigate({ to: '/organization', search: { tab: value }, replace: true })
          }
        >
          {ORGANIZATION_TABS.filter(
            (name) => canManage || name === tab || !ADMIN_TABS.includes(name),
          ).map((name) => {
            const own = TAB_LABELS[name];
            return (
              <Tab
                key={name}
                value={name}
                id={tabId(name)}
                aria-controls={panelId(name)}
                label={
                  own
                    ? t(own)
                    : t(`organization.tabs.${name as Exclude<OrganizationTab, 'api-keys'>}`)
                }
              />
            );
          })}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
          {panels[tab]}
        </Box>
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Header
        organization={orgId === null ? undefined : organization}
        onCreate={() => setCreating(true)}
      />
      {content}
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
