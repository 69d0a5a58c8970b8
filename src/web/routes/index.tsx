import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/pages/HomePage';

export const Route = createFileRoute('/')({
  staticData: { name: 'index', meta: { layout: 'default', requiresAuth: true } },
  component: HomePage,
});
