import { createFileRoute } from '@tanstack/react-router';
import { authStore } from '../../lib/auth-store';
import { agentQueryOptions } from '../../features/agents/api/agent-query';
import { AgentPage } from '../../features/agents/detail/AgentPage';
import { agentPageSearchSchema } from '../../features/agents/detail/search';

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
  },
  validateSearch: (search) => agentPageSearchSchema.parse(search),
  // The agent is asked for once the guard has let the page through, while the page's code is
  // still arriving; the page reads it from the cache (and shows its own loading and errors).
  loader: ({ context, params }) => {
    const orgId = authStore.state.selectedOrgId;
    if (orgId !== null) void context.queryClient.prefetchQuery(agentQueryOptions(orgId, params.id));
  },
  component: AgentPage,
});
