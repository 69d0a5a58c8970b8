import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../../features/auth/pages/AuthCallbackPage';

export const Route = createFileRoute('/auth/callback')({
  staticData: { meta: { layout: 'blank', public: true } },
  component: AuthCallbackPage,
});
