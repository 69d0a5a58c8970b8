import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/pages/account-settings/')({
  beforeLoad: () => {
    throw redirect({
      to: '/pages/account-settings/$tab',
      params: { tab: 'security' },
      replace: true,
    });
  },
});
