import { createFileRoute, notFound } from '@tanstack/react-router';
import { UserProfilePage } from '../../../features/account/pages/UserProfilePage';
import { isProfileTab } from '../../../features/account/profile-tabs';

export const Route = createFileRoute('/pages/user-profile/$tab')({
  staticData: { meta: { layout: 'default', requiresAuth: true } },
  beforeLoad: ({ params }) => {
    if (!isProfileTab(params.tab)) throw notFound();
  },
  component: UserProfilePage,
});
