import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/pages/HomePage';
import { CreateOrganizationDialog } from '../features/organization';

export const Route = createFileRoute('/')({
  staticData: { name: 'index', meta: { layout: 'default', requiresAuth: true } },
  component: HomeRoute,
});

/** The create-organisation dialog belongs to the organisation feature: passed in. */
function HomeRoute() {
  return <HomePage CreateOrganizationDialog={CreateOrganizationDialog} />;
}
