import { createFileRoute } from '@tanstack/react-router';
import { HomeLandingPage } from '../features/home/pages/HomeLandingPage';

export const Route = createFileRoute('/home')({
  staticData: { name: 'home', meta: { layout: 'blank', requiresAuth: true } },
  component: HomeLandingPage,
});
