import { createFileRoute } from '@tanstack/react-router';
import { SchedulerPage } from '../features/scheduler/SchedulerPage';

export const Route = createFileRoute('/scheduler')({
  staticData: {
    name: 'scheduler',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Agent' },
  },
  component: SchedulerPage,
});
