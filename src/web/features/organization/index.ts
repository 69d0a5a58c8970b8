// The organization feature's public entry: what layouts may use.
import { lazyOnOpen } from '../../lib/lazy-on-open';

export { currentOrganizationQueryOptions } from './api/organization';
/** Fetched when first opened (its form and schema are not part of the navbar's chunk). */
export const CreateOrganizationDialog = lazyOnOpen(() =>
  import('./components/CreateOrganizationDialog').then((module) => module.CreateOrganizationDialog),
);
