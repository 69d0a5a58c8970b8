import { createFileRoute } from '@tanstack/react-router';
import { NotAuthorizedPage } from '../features/misc/pages/NotAuthorizedPage';

// The page brings its own blank layout (like the not-found and error pages).
export const Route = createFileRoute('/not-authorized')({
  staticData: { name: 'not-authorized', meta: { requiresAuth: true } },
  component: NotAuthorizedPage,
});
