export * from './auth.ts';
export * from './help-requests.ts';
export * from './notifications.ts';
export * from './account-settings.ts';
export * from './audit.ts';
export * from './whitelist.ts';
