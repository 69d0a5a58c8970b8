import { z } from 'zod';
import { optionalParam } from '../../components/list/list-search';

export const SCHEDULER_TABS = ['schedules', 'calendar'] as const;
export type SchedulerTab = (typeof SCHEDULER_TABS)[number];

/**
 * The search params of /scheduler: the open tab and the filters, so that a reload or a link
 * shows the same view. Anything invalid is dropped rather than refused.
 */
export const schedulerSearchSchema = z.object({
  tab: optionalParam(z.enum(SCHEDULER_TABS)),
  agentId: optionalParam(z.uuid()),
  projectId: optionalParam(z.uuid()),
});
export type SchedulerSearch = z.output<typeof schedulerSearchSchema>;
