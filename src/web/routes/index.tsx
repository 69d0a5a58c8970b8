import { createFileRoute, redirect } from '@tanstack/react-router';
import { HomePage } from '../features/home/pages/HomePage';

export const Route = createFileRoute('/')({
  staticData: { meta: { layout: 'default', requiresAuth: true } },
  // The root guard has fetched the session (authClient.getSession); this route needs one.
  beforeLoad: ({ context }) => {
    if (!context.session) throw redirect({ to: '/login', search: {}, replace: true });
    return { session: context.session };
  },
  component: HomePage,
});
