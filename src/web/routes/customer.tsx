import { createFileRoute } from '@tanstack/react-router';
import { customerListSearchSchema } from '../features/customers/list-search';
import { CustomersPage } from '../features/customers/pages/CustomersPage';

export const Route = createFileRoute('/customer')({
  staticData: {
    meta: { layout: 'default', requiresAuth: true, action: 'manage', subject: 'customer' },
  },
  validateSearch: (search) => customerListSearchSchema.parse(search),
  component: CustomersPage,
});
