// The organization feature's public entry: what layouts may use.
export { currentOrganizationQueryOptions } from './api/organization';
export { CreateOrganizationDialog } from './components/CreateOrganizationDialog';
