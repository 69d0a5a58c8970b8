/** The tabs of /pages/user-profile/{tab} that exist. */
export const PROFILE_TABS = ['profile', 'teams', 'connections'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const isProfileTab = (tab: string): tab is ProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(tab);
