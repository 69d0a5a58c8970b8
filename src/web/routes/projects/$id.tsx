import { createFileRoute } from '@tanstack/react-router';
import { ProjectDataSourcesPanel } from '../../features/data-sources/components/ProjectDataSourcesPanel';
import { projectPageSearchSchema } from '../../features/projects/page-search';
import { ProjectPage } from '../../features/projects/pages/ProjectPage';

export const Route = createFileRoute('/projects/$id')({
  staticData: {
    name: 'projects-id',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Project' },
  },
  validateSearch: (search) => projectPageSearchSchema.parse(search),
  component: ProjectRoute,
});

function ProjectRoute() {
  const { id } = Route.useParams();
  return <ProjectPage dataSources={<ProjectDataSourcesPanel projectId={id} />} />;
}
