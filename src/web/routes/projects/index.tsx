import { createFileRoute } from '@tanstack/react-router';
import { projectListSearchSchema } from '../../features/projects/list-search';
import { ProjectsPage } from '../../features/projects/pages/ProjectsPage';

export const Route = createFileRoute('/projects/')({
  staticData: {
    name: 'projects',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Project' },
  },
  validateSearch: (search) => projectListSearchSchema.parse(search),
  component: ProjectsPage,
});
