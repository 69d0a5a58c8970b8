import { createFileRoute } from '@tanstack/react-router';
import { DataSourceListPage } from '../../features/data-sources/pages/DataSourceListPage';
import { parseDataSourceListSearch } from '../../features/data-sources/search';

export const Route = createFileRoute('/data-sources/')({
  staticData: {
    name: 'data-sources',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'DataSource' },
  },
  validateSearch: parseDataSourceListSearch,
  component: DataSourceListPage,
});
