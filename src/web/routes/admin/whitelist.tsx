import { createFileRoute } from '@tanstack/react-router';
import { WhitelistPage } from '../../features/admin/pages/WhitelistPage';
import { whitelistSearchSchema } from '../../features/admin/whitelist-search';

export const Route = createFileRoute('/admin/whitelist')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, requiresSuperAdmin: true },
  },
  validateSearch: (search) => whitelistSearchSchema.parse(search),
  component: WhitelistPage,
});
