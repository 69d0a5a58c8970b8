import { createFileRoute } from '@tanstack/react-router';
import { WhitelistPage } from '../../features/admin/pages/WhitelistPage';

export const Route = createFileRoute('/admin/whitelist')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, requiresSuperAdmin: true },
  },
  component: WhitelistPage,
});
