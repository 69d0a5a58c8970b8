import { createFileRoute } from '@tanstack/react-router';
import { userViewSearchSchema } from '../../../../features/users/view-search';
import { UserViewPage } from '../../../../features/users/pages/UserViewPage';

export const Route = createFileRoute('/apps/user/view/$id')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'User' },
  },
  validateSearch: (search) => userViewSearchSchema.parse(search),
  component: UserViewPage,
});
