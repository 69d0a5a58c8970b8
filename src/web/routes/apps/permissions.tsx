import { createFileRoute } from '@tanstack/react-router';
import { PermissionsPage } from '../../features/roles/pages/PermissionsPage';

export const Route = createFileRoute('/apps/permissions')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Role' },
  },
  component: PermissionsPage,
});
