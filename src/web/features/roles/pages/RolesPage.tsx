import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IconCode,
  IconCrown,
  IconListCheck,
  IconShield,
  IconUser,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ORG_ROLES, type OrgRoleName } from '../../../../shared/constants';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { RouterButton } from '../../../components/RouterLink';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { roleLabel } from '../../../lib/organization';
import { rolesQueryOptions } from '../api/roles';
import { PermissionList } from '../components/PermissionList';

const ROLE_ICONS: Record<OrgRoleName, Icon> = {
  admin: IconShield,
  developer: IconCode,
  member: IconUsers,
  user: IconUser,
};

function HolderCard({
  id,
  icon: HolderIcon,
  title,
  description,
  badge,
  note,
  action,
  who,
}: {
  id: string;
  icon: Icon;
  title: string;
  description: string;
  badge: ReactNode;
  note?: string;
  action?: ReactNode;
  who: Parameters<typeof PermissionList>[0]['who'];
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            sx={{
              display: 'inline-flex',
              p: 1,
              borderRadius: 1,
              color: 'primary.main',
              bgcolor: 'action.hover',
            }}
          >
            <HolderIcon size={24} aria-hidden />
          </Box>
          <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {badge}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {description}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Typography
          id={`${id}-permissions`}
          variant="overline"
          component="h3"
          color="text.secondary"
        >
          {t('users.roles.permissions')}
        </Typography>
        <PermissionList who={who} labelledBy={`${id}-permissions`} />
        {note ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {note}
          </Typography>
        ) : null}
      </CardContent>
      {action ? <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions> : null}
    </Card>
  );
}

/** /apps/roles: a card per role with its member count here and its permissions from the table. */
export function RolesPage() {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const orgName = useAuthState(
    (state) => state.organizations.find((org) => org.id === state.selectedOrgId)?.name ?? null,
  );
  const roles = useQuery(rolesQueryOptions(orgId));
  const counts = new Map(roles.data?.items.map((item) => [item.role, item.memberCount]));

  const countBadge = (role: OrgRoleName) => {
    if (orgId === null) return null;
    if (roles.isPending) return <Skeleton variant="rounded" width={96} height={24} />;
    const count = counts.get(role);
    if (count === undefined) return null;
    return (
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={t('users.roles.memberCount', { members: formatNumber(count) })}
      />
    );
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('users.roles.title')}
        subtitle={
          orgName
            ? t('users.roles.subtitle', { organization: orgName })
            : t('users.roles.subtitleNoOrganization')
        }
        action={
          <RouterButton
            to="/apps/permissions"
            variant="outlined"
            startIcon={<IconListCheck size={18} aria-hidden />}
            sx={{ flexShrink: 0 }}
          >
            {t('users.roles.matrixLink')}
          </RouterButton>
        }
      />

      {roles.isError ? (
        <ErrorAlert
          lead={t('users.roles.loadError')}
          error={roles.error}
          onRetry={() => void roles.refetch()}
        />
      ) : null}

      <Grid container spacing={3}>
        {ORG_ROLES.map((role) => (
          <Grid key={role} size={{ xs: 12, md: 6, xl: 4 }}>
            <HolderCard
              id={`role-${role}`}
              icon={ROLE_ICONS[role]}
              title={roleLabel(t, role)}
              description={t(`users.roles.descriptions.${role}`)}
              badge={countBadge(role)}
              note={t('users.roles.inherits')}
              who={role}
              action={
                <RouterButton
                  to="/apps/user/list"
                  search={{ role }}
                  size="small"
                  aria-label={t('users.roles.viewMembersOf', { role: roleLabel(t, role) })}
                >
                  {t('users.roles.viewMembers')}
                </RouterButton>
              }
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <HolderCard
            id="role-super-admin"
            icon={IconCrown}
            title={t('users.who.super_admin')}
            description={t('users.roles.descriptions.super_admin')}
            badge={<Chip size="small" color="warning" label={t('users.roles.flagBadge')} />}
            note={t('users.roles.inherits')}
            who="super_admin"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <HolderCard
            id="role-everyone"
            icon={IconUsersGroup}
            title={t('users.who.everyone')}
            description={t('users.roles.descriptions.everyone')}
            badge={null}
            who="everyone"
          />
        </Grid>
      </Grid>

      <Typography variant="body2" color="text.secondary">
        {t('users.permissions.deletedNote')}
      </Typography>
    </Stack>
  );
}
