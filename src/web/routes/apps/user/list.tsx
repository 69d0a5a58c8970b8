import { createFileRoute } from '@tanstack/react-router';
import { userListSearchSchema } from '../../../features/users/list-search';
import { UserListPage } from '../../../features/users/pages/UserListPage';

export const Route = createFileRoute('/apps/user/list')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'User' },
  },
  validateSearch: (search) => userListSearchSchema.parse(search),
  component: UserListPage,
});
