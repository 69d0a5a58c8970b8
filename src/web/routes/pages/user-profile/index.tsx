import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/pages/user-profile/')({
  beforeLoad: () => {
    throw redirect({ to: '/pages/user-profile/$tab', params: { tab: 'profile' }, replace: true });
  },
});
