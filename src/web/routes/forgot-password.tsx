import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';

export const Route = createFileRoute('/forgot-password')({
  staticData: { meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: ForgotPasswordPage,
});
