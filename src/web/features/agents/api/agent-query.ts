import { queryOptions } from '@tanstack/react-query';
import type { AgentDto } from '../../../../shared/schemas/agents';
import { api, readApiAnswer } from '../../../lib/api';
import { takeEarlyResponse } from '../../../lib/early-requests';
import { agentKeys } from './keys';

/**
 * One agent (its draft, problems, status). Its own small module: the agent page's route
 * prefetches it, and a route's loader is in the app's entry chunk.
 */
export const agentQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(orgId, id),
    queryFn: async ({ signal }) => {
      // The agent page opened first: the request public/initial-loader.js already made.
      const early = await takeEarlyResponse('agent', orgId, id);
      if (early) return readApiAnswer<AgentDto>(early);
      return api<AgentDto>(`/agents/${encodeURIComponent(id)}`, { signal });
    },
    enabled: orgId !== null,
  });
