import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/pages/HomePage';

export const Route = createFileRoute('/')({
  // The landing page after sign-in shows the frame and the welcome only: core texts suffice.
  staticData: {
    name: 'index',
    meta: { layout: 'default', requiresAuth: true, coreTextsOnly: true },
  },
  component: HomePage,
});
