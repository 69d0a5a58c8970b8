import { createFileRoute } from '@tanstack/react-router';
import { RolesPage } from '../../features/roles/pages/RolesPage';

export const Route = createFileRoute('/apps/roles')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Role' },
  },
  component: RolesPage,
});
