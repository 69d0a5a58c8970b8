import { createFileRoute } from '@tanstack/react-router';
import { SchedulerPage } from '../features/scheduler/SchedulerPage';
import { schedulerSearchSchema } from '../features/scheduler/search';

export const Route = createFileRoute('/scheduler')({
  staticData: {
    name: 'scheduler',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Agent' },
  },
  validateSearch: (search) => schedulerSearchSchema.parse(search),
  component: SchedulerPage,
});
