import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/pages/RegisterPage';

export const Route = createFileRoute('/register')({
  staticData: { meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: RegisterPage,
});
