import { createFileRoute } from '@tanstack/react-router';
import { NotAuthorizedPage } from '../features/misc/pages/NotAuthorizedPage';

// Alone in its own blank frame for a visitor, inside the app's frame for someone signed in.
export const Route = createFileRoute('/not-authorized')({
  staticData: { name: 'not-authorized', meta: { requiresAuth: true, framedWhenSignedIn: true } },
  component: NotAuthorizedPage,
});
