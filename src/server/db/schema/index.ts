export * from './auth.ts';
export * from './help-requests.ts';
