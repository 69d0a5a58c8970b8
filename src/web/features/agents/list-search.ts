import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import {
  AGENT_SORT_FIELDS,
  AGENT_STATUSES,
  type AgentStatus,
} from '../../../shared/schemas/agents';
import type { SortOrder } from '../../../shared/schemas/query';
import { listSearchShape, optionalParam } from '../../components/list/list-search';
import type { ListDefaults } from '../../components/list/useListState';

export { lastPage } from '../../components/list/list-search';

export type AgentSortField = (typeof AGENT_SORT_FIELDS)[number];

/**
 * The search params of /agents (`?search=…&projectId=…&status=draft&sort=name&order=asc&page=2`),
 * so that a filtered list can be bookmarked and shared. Anything invalid is dropped rather
 * than refused.
 */
export const agentListSearchSchema = z.object({
  ...listSearchShape(AGENT_SORT_FIELDS),
  projectId: optionalParam(z.uuid()),
  status: optionalParam(z.enum(AGENT_STATUSES)),
});
export type AgentListSearch = z.output<typeof agentListSearchSchema>;

/** What the list shows until the address says otherwise: every agent, last changed first. */
export const AGENT_LIST_STATE_DEFAULTS = {
  sort: 'updatedAt',
  order: 'desc',
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies ListDefaults<AgentListSearch>;

/** The list's filters (the search box aside). */
export const AGENT_FILTERS = ['projectId', 'status'] as const;

/** Names start A to Z, dates newest first. */
export const agentFirstOrder = (field: AgentSortField): SortOrder =>
  field === 'name' ? 'asc' : 'desc';

/** The query of GET /api/v1/agents for the list's address. */
export interface AgentListParams {
  search: string | undefined;
  projectId: string | undefined;
  status: AgentStatus | undefined;
  sort: AgentSortField;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export function agentListParams(search: AgentListSearch): AgentListParams {
  const text = search.search?.trim();
  return {
    search: text ? text : undefined,
    projectId: search.projectId,
    status: search.status,
    sort: search.sort ?? AGENT_LIST_STATE_DEFAULTS.sort,
    order: search.order ?? AGENT_LIST_STATE_DEFAULTS.order,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? AGENT_LIST_STATE_DEFAULTS.pageSize,
  };
}
