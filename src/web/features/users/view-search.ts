import { z } from 'zod';

export const USER_VIEW_TABS = ['account', 'security'] as const;
export type UserViewTab = (typeof USER_VIEW_TABS)[number];

/** /apps/user/view/{id}?tab=security; the account tab by default. */
export const userViewSearchSchema = z.object({
  tab: z.enum(USER_VIEW_TABS).optional().catch(undefined),
});
