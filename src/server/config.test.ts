import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.superAdminEmails).toEqual([]);
  });

  it('follows PORT and reads the provider pairs', () => {
    const config = loadConfig({
      PORT: '4100',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'https://id.example.test/',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      OIDC_NAME: 'Acme SSO',
      SUPER_ADMIN_EMAILS: ' A@x.test ,b@x.test,',
    });
    expect(config.appUrl).toBe('http://localhost:4100');
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.test',
      clientId: 'c',
      clientSecret: 's',
      name: 'Acme SSO',
    });
    expect(config.superAdminEmails).toEqual(['a@x.test', 'b@x.test']);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }, 'OIDC_ISSUER'],
    [{ SUPER_ADMIN_EMAILS: 'not-an-email' }, 'SUPER_ADMIN_EMAILS'],
    [{ GTM_ID: 'gtm-lower' }, 'GTM_ID'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(name);
    }
  });
});
