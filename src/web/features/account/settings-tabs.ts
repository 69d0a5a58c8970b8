/** The tabs of /pages/account-settings/{tab} that exist. */
export const SETTINGS_TABS = ['account', 'security', 'notifications', 'help'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const isSettingsTab = (tab: string): tab is SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(tab);
