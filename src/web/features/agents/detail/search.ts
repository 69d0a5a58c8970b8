import { z } from 'zod';
import { RUN_STATUSES, RUN_TRIGGERS } from '../../../../shared/schemas/runs';
import { optionalParam } from '../../../components/list/list-search';

export const AGENT_TABS = [
  'editor',
  'overview',
  'chat',
  'runs',
  'test',
  'versions',
  'triggers',
] as const;
export type AgentTab = (typeof AGENT_TABS)[number];

/**
 * The search params of /agents/{id}: the tab, the run shown (Runs tab), the runs' filters and
 * the version shown (Versions tab). Anything invalid is dropped rather than refused.
 */
export const agentPageSearchSchema = z.object({
  tab: optionalParam(z.enum(AGENT_TABS)),
  run: optionalParam(z.uuid()),
  status: optionalParam(z.enum(RUN_STATUSES)),
  trigger: optionalParam(z.enum(RUN_TRIGGERS)),
  version: optionalParam(z.coerce.number().int().min(1)),
});
export type AgentPageSearch = z.output<typeof agentPageSearchSchema>;
