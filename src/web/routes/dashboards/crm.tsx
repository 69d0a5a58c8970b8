import { createFileRoute } from '@tanstack/react-router';
import { crmSearchSchema } from '../../features/dashboards/range';
import { CrmDashboardPage } from '../../features/dashboards/pages/CrmDashboardPage';

export const Route = createFileRoute('/dashboards/crm')({
  staticData: {
    name: 'dashboards-crm',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'dashboards-crm' },
  },
  validateSearch: (search) => crmSearchSchema.parse(search),
  component: CrmDashboardPage,
});
