import { createFileRoute } from '@tanstack/react-router';
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
  component: AgentPage,
});
