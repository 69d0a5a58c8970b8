import { createFileRoute } from '@tanstack/react-router';
import { AccessControlPage } from '../features/access-control/pages/AccessControlPage';

export const Route = createFileRoute('/access-control')({
  staticData: {
    name: 'access-control',
    meta: {
      layout: 'default',
      requiresAuth: true,
      requiresSuperAdmin: true,
      action: 'read',
      subject: 'AclDemo',
    },
  },
  component: AccessControlPage,
});
