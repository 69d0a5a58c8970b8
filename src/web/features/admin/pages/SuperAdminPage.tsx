import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { mailQueryOptions } from '../api/admin';
import { PageHeader } from '../../../components/PageHeader';
import { HelpRequestsTab } from '../components/HelpRequestsTab';
import { MailTab } from '../components/MailTab';
import { OrganizationsTab } from '../components/OrganizationsTab';
import { UsersTab } from '../components/UsersTab';
import { SUPER_ADMIN_TABS, type SuperAdminTab } from '../super-admin-tabs';

const routeApi = getRouteApi('/admin/super-admin');

const TAB_KEYS = {
  users: 'admin.superAdmin.tabs.users',
  organizations: 'admin.superAdmin.tabs.organizations',
  help: 'admin.superAdmin.tabs.help',
  mail: 'admin.superAdmin.tabs.mail',
  audit: 'admin.superAdmin.tabs.audit',
} as const satisfies Record<SuperAdminTab, string>;

/**
 * /admin/super-admin: users, organisations, help requests, the mail outbox (only when the
 * server stores mail instead of sending it) and the audit log, which belongs to the audit
 * feature: the route passes it in.
 */
export function SuperAdminPage({ auditLog }: { auditLog: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = routeApi.useSearch();
  // The outbox answers 404 when mail goes through an SMTP server: then there is no such tab.
  const outbox = useQuery(mailQueryOptions({ page: 1, pageSize: 10 }));
  const outboxMissing = outbox.error instanceof ApiError && outbox.error.status === 404;
  const hasMail = outbox.isSuccess || (outbox.isError && !outboxMissing);
  const tabs = SUPER_ADMIN_TABS.filter((name) => name !== 'mail' || hasMail);
  const current: SuperAdminTab = tab && tabs.includes(tab) ? tab : 'users';

  return (
    <Stack spacing={3}>
      <PageHeader title={t('admin.superAdmin.title')} subtitle={t('admin.superAdmin.subtitle')} />
      <Card variant="outlined">
        <Tabs
          value={current}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('admin.superAdmin.tabsLabel')}
          onChange={(_event, value: SuperAdminTab) =>
            void navigate({ to: '/admin/super-admin', search: { tab: value }, replace: true })
          }
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(TAB_KEYS[name])}
              id={`super-admin-tab-${name}`}
              aria-controls={`super-admin-panel-${name}`}
            />
          ))}
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`super-admin-panel-${current}`}
          aria-labelledby={`super-admin-tab-${current}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          {current === 'users' ? <UsersTab /> : null}
          {current === 'organizations' ? <OrganizationsTab /> : null}
          {current === 'help' ? <HelpRequestsTab /> : null}
          {current === 'mail' ? <MailTab /> : null}
          {current === 'audit' ? auditLog : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
