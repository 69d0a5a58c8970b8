import { z } from 'zod';

export const PROJECT_TABS = ['overview', 'data-sources', 'settings'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** /projects/{id}?tab=settings; the overview when absent or unknown. */
export const projectPageSearchSchema = z.object({
  tab: z.enum(PROJECT_TABS).optional().catch(undefined),
});
export type ProjectPageSearch = z.output<typeof projectPageSearchSchema>;
