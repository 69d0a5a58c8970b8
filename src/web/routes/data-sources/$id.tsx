import { createFileRoute } from '@tanstack/react-router';
import { DataSourceDetailPage } from '../../features/data-sources/pages/DataSourceDetailPage';
import { parseDataSourceDetailSearch } from '../../features/data-sources/search';

export const Route = createFileRoute('/data-sources/$id')({
  staticData: {
    meta: {
      layout: 'default',
      requiresAuth: true,
      action: 'read',
      subject: 'DataSource',
      navActiveLink: '/data-sources',
    },
  },
  validateSearch: parseDataSourceDetailSearch,
  component: DataSourceDetailRoute,
});

function DataSourceDetailRoute() {
  const { id } = Route.useParams();
  return <DataSourceDetailPage id={id} />;
}
