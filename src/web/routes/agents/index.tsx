import { createFileRoute } from '@tanstack/react-router';
import { agentListSearchSchema } from '../../features/agents/list-search';
import { AgentsPage } from '../../features/agents/pages/AgentsPage';

export const Route = createFileRoute('/agents/')({
  staticData: {
    name: 'agents',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Agent' },
  },
  validateSearch: (search) => agentListSearchSchema.parse(search),
  component: AgentsPage,
});
