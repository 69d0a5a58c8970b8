import { createFileRoute } from '@tanstack/react-router';
import { authStore } from '../../lib/auth-store';
import { agentQueryOptions } from '../../features/agents/api/agent-query';
import { AgentPage } from '../../features/agents/detail/AgentPage';
import { agentPageSearchSchema } from '../../features/agents/detail/search';
import type { PrefetchContext } from '../../lib/route-meta';

/** The agent, in the selected organisation (nothing before one is selected). */
function prefetchAgent({ queryClient, params }: PrefetchContext) {
  const orgId = authStore.state.selectedOrgId;
  if (orgId === null || !params.id) return;
  void queryClient.prefetchQuery(agentQueryOptions(orgId, params.id));
}

export const Route = createFileRoute('/agents/$id')({
  staticData: {
    name: 'agents-id',
    meta: {
      layout: 'fixed-height',
      fixedHeight: true,
      footerHidden: true,
      navActiveLink: '/agents',
      requiresAuth: true,
      action: 'read',
      subject: 'Agent',
    },
    prefetch: prefetchAgent,
  },
  validateSearch: (search) => agentPageSearchSchema.parse(search),
  // The agent is asked for at start-up once the session is known (staticData.prefetch, for the
  // page opened first), else once the guard has let the page through, while the page's code is
  // still arriving; the page reads it from the cache (and shows its own loading and errors).
  loader: ({ context, params }) => prefetchAgent({ queryClient: context.queryClient, params }),
  component: AgentPage,
});
