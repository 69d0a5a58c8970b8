import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activitySentence } from '../../../lib/activity-sentence';
import { formatDateTime } from '../../../lib/format';
import { roleLabel } from '../../../lib/organization';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { profileQueryOptions } from '../api/profile';
import {
  accountsQueryOptions,
  activityQueryOptions,
  organizationsQueryOptions,
} from '../api/user-profile';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function OrganizationsTable() {
  const { t } = useTranslation();
  const organizations = useQuery(organizationsQueryOptions());
  if (organizations.isError)
    return <Alert severity="error">{t('account.profile.loadError')}</Alert>;
  const items = organizations.data?.items ?? [];
  if (organizations.data && items.length === 0) {
    return <Typography color="text.secondary">{t('account.profile.noOrganizations')}</Typography>;
  }
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('account.profile.organization')}</TableCell>
          <TableCell>{t('account.profile.members')}</TableCell>
          <TableCell>{t('account.profile.role')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((org) => (
          <TableRow key={org.id}>
            <TableCell>{org.name}</TableCell>
            <TableCell>{org.memberCount}</TableCell>
            <TableCell>{roleLabel(t, org.role)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The caller's own latest audit entries: what they did, where and when. */
function RecentActivity() {
  const { t, i18n } = useTranslation();
  const activity = useQuery(activityQueryOptions());
  if (activity.isError) return <Alert severity="error">{t('account.profile.loadError')}</Alert>;
  if (activity.isPending) {
    return (
      <Box aria-busy="true" aria-label={t('account.profile.activity.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={48} />
        ))}
      </Box>
    );
  }
  const items = activity.data.items;
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('account.profile.activity.empty')}</Typography>;
  }
  const label = (item: (typeof items)[number]) =>
    activitySentence(i18n, {
      action: item.action,
      actorName: item.actor.name,
      targetName: item.targetName,
    });
  return (
    <List dense disablePadding>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters divider>
          <ListItemText
            primary={
              item.organization
                ? t('account.profile.activity.inOrganization', {
                    action: label(item),
                    organization: item.organization.name,
                  })
                : label(item)
            }
            secondary={<time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>}
          />
        </ListItem>
      ))}
    </List>
  );
}

export function AboutTab() {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions()).data;
  const rows: [string, string][] = profile
    ? [
        [t('account.settings.profile.fullName'), profile.fullName],
        [t('account.settings.profile.username'), profile.username],
        [t('common.email'), profile.email],
        [t('account.settings.profile.language'), profile.locale ?? '—'],
        [t('account.settings.profile.timeZone'), profile.timeZone ?? '—'],
      ]
    : [];
  return (
    <>
      <Section title={t('account.profile.about')}>
        <List dense disablePadding>
          {rows.map(([label, value]) => (
            <ListItem key={label} disableGutters>
              <ListItemText primary={value} secondary={label} />
            </ListItem>
          ))}
        </List>
      </Section>
      <Section title={t('account.profile.organizations')}>
        <OrganizationsTable />
      </Section>
      <Section title={t('account.profile.activity.title')}>
        <RecentActivity />
      </Section>
    </>
  );
}

export function TeamsTab() {
  const { t } = useTranslation();
  return (
    <Section title={t('account.profile.tabs.teams')}>
      <OrganizationsTable />
    </Section>
  );
}

export function ConnectionsTab() {
  const { t } = useTranslation();
  const accounts = useQuery(accountsQueryOptions());
  const oidc = useRuntimeConfig()?.auth.oidc;
  const name = (providerId: string) =>
    providerId === 'credential'
      ? t('account.profile.providers.credential')
      : providerId === 'google'
        ? t('account.profile.providers.google')
        : providerId === 'oidc' && oidc
          ? oidc.name
          : providerId;
  return (
    <Section title={t('account.profile.tabs.connections')}>
      {accounts.isError ? <Alert severity="error">{t('account.profile.loadError')}</Alert> : null}
      <List dense disablePadding>
        {(accounts.data ?? []).map((account) => (
          <ListItem key={account.id} disableGutters>
            <ListItemText primary={name(account.providerId)} />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
