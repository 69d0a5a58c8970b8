import { describe, expect, it } from 'vitest';
import type { Action, Subject } from '../../shared/abilities';
import { decideNavigation, safeRedirectTarget, type GuardContext, type GuardRoute } from './guard';

/** A route and a context whose calls are recorded, in order, in `calls`. */
function setup(route: Partial<GuardRoute> = {}, context: Partial<GuardContext> = {}) {
  const calls: string[] = [];
  const record =
    <T>(name: string, value: T) =>
    () => {
      calls.push(name);
      return value;
    };
  const fullRoute: GuardRoute = {
    name: undefined,
    meta: {},
    pathname: '/somewhere',
    href: '/somewhere',
    search: {},
    hash: '',
    ...route,
  };
  const fullContext: GuardContext = {
    hasUserData: true,
    explicitLogout: false,
    recoverSession: record('recoverSession', Promise.resolve(false)),
    checkSuperAdmin: record('checkSuperAdmin', Promise.resolve(false)),
    waitForOrganization: record('waitForOrganization', Promise.resolve(true)),
    isOrganizationAdmin: record('isOrganizationAdmin', false),
    can: (action: Action, subject: Subject, superAdmin: boolean) => {
      calls.push(`can ${action} ${subject} ${superAdmin}`);
      return false;
    },
    ...context,
  };
  return { calls, decide: () => decideNavigation(fullRoute, fullContext) };
}

const ALLOW = { kind: 'allow' };
const HOME = { kind: 'home' };
const NOT_AUTHORIZED = { kind: 'not-authorized' };

describe('decideNavigation, step by step', () => {
  it('1. lets anyone through a public route without asking anything', async () => {
    const { calls, decide } = setup(
      { meta: { public: true, action: 'manage', subject: 'all' } },
      { hasUserData: false },
    );
    expect(await decide()).toEqual(ALLOW);
    expect(calls).toEqual([]);
  });

  describe('2. session recovery', () => {
    it('recovers the session when there is no user data and no explicit logout', async () => {
      const { calls, decide } = setup(
        { name: 'index' },
        { hasUserData: false, recoverSession: async () => true },
      );
      expect(await decide()).toEqual(ALLOW);
      expect(calls).toEqual(['checkSuperAdmin']);
    });

    it('does not recover after an explicit logout, nor with user data', async () => {
      const loggedOut = setup({}, { hasUserData: false, explicitLogout: true });
      expect(await loggedOut.decide()).toEqual({ kind: 'login', to: '/somewhere' });
      expect(loggedOut.calls).toEqual([]);

      const known = setup({ name: 'index' });
      await known.decide();
      expect(known.calls).not.toContain('recoverSession');
    });
  });

  it('3. lets a password-reset link through, with a token query or an access_token hash', async () => {
    const anonymous = { hasUserData: false, explicitLogout: true };
    const withQuery = setup({ name: 'reset-password', search: { token: 'abc' } }, anonymous);
    expect(await withQuery.decide()).toEqual(ALLOW);
    const withHash = setup(
      { name: 'reset-password', hash: 'access_token=abc&type=recovery' },
      anonymous,
    );
    expect(await withHash.decide()).toEqual(ALLOW);
    const bare = setup(
      { name: 'reset-password', pathname: '/reset-password', href: '/reset-password' },
      anonymous,
    );
    expect(await bare.decide()).toEqual({ kind: 'login', to: '/reset-password' });
  });

  it('4. sends a signed-in user away from unauthenticated-only routes and login', async () => {
    expect(await setup({ meta: { unauthenticatedOnly: true } }).decide()).toEqual(HOME);
    expect(await setup({ name: 'login' }).decide()).toEqual(HOME);
    const visitor = setup({ meta: { unauthenticatedOnly: true } }, { hasUserData: false });
    expect(await visitor.decide()).toEqual(ALLOW);
  });

  it('5. sends a visitor to login with the wanted path, except for /', async () => {
    const deep = setup(
      { pathname: '/projects', href: '/projects?page=2#top' },
      { hasUserData: false },
    );
    expect(await deep.decide()).toEqual({ kind: 'login', to: '/projects?page=2#top' });
    const root = setup({ name: 'index', pathname: '/', href: '/' }, { hasUserData: false });
    expect(await root.decide()).toEqual({ kind: 'login', to: undefined });
    expect(root.calls).toEqual(['recoverSession']);
  });

  it('6. asks the server for the super-admin status once, for a signed-in user', async () => {
    const { calls, decide } = setup({ meta: { action: 'read', subject: 'Project' } });
    await decide();
    expect(calls.filter((call) => call === 'checkSuperAdmin')).toHaveLength(1);
    expect(calls[0]).toBe('checkSuperAdmin');
  });

  it('7. lets index, home, dashboards-crm, projects and data-sources through', async () => {
    for (const name of ['index', 'home', 'dashboards-crm', 'projects', 'data-sources'] as const) {
      const { calls, decide } = setup({ name, meta: { action: 'manage', subject: 'all' } });
      expect(await decide(), name).toEqual(ALLOW);
      expect(calls).toEqual(['checkSuperAdmin']);
    }
  });

  describe('8. the organization route', () => {
    const route = {
      name: 'organization' as const,
      meta: { action: 'read' as const, subject: 'Organization' as const },
    };

    it('lets a super admin through without waiting', async () => {
      const { calls, decide } = setup(route, { checkSuperAdmin: async () => true });
      expect(await decide()).toEqual(ALLOW);
      expect(calls).toEqual([]);
    });

    it('waits for organisation data, then requires the organisation-admin flag', async () => {
      const admin = setup(route, { isOrganizationAdmin: () => true });
      expect(await admin.decide()).toEqual(ALLOW);
      expect(admin.calls).toEqual(['checkSuperAdmin', 'waitForOrganization']);
      expect(await setup(route).decide()).toEqual(NOT_AUTHORIZED);
    });

    it('denies on time-out', async () => {
      const { calls, decide } = setup(route, {
        waitForOrganization: async () => false,
        isOrganizationAdmin: () => true,
      });
      expect(await decide()).toEqual(NOT_AUTHORIZED);
      expect(calls).toEqual(['checkSuperAdmin']);
    });
  });

  describe('9. access-control and the Organization and Acl subjects', () => {
    for (const route of [
      {
        name: 'access-control' as const,
        meta: { action: 'read' as const, subject: 'AclDemo' as const },
      },
      { meta: { action: 'update' as const, subject: 'Organization' as const } },
      { meta: { action: 'read' as const, subject: 'Acl' as const } },
    ]) {
      it(`requires super admin (${route.meta.subject})`, async () => {
        const denied = setup(route, { can: () => true });
        expect(await denied.decide()).toEqual(NOT_AUTHORIZED);
        const allowed = setup(route, { checkSuperAdmin: async () => true });
        expect(await allowed.decide()).toEqual(ALLOW);
      });
    }
  });

  it('10. requires super admin on routes flagged requiresSuperAdmin', async () => {
    const route = { meta: { requiresSuperAdmin: true } };
    expect(await setup(route, { can: () => true }).decide()).toEqual(NOT_AUTHORIZED);
    expect(await setup(route, { checkSuperAdmin: async () => true }).decide()).toEqual(ALLOW);
  });

  describe('11. the ability check', () => {
    it("checks the route's action and subject, with the super-admin status", async () => {
      const { calls, decide } = setup({ meta: { action: 'read', subject: 'Agent' } });
      expect(await decide()).toEqual(NOT_AUTHORIZED);
      expect(calls).toEqual(['checkSuperAdmin', 'can read Agent false']);
      const allowed = setup({ meta: { action: 'read', subject: 'Agent' } }, { can: () => true });
      expect(await allowed.decide()).toEqual(ALLOW);
    });

    it('lets a signed-in user through a route without action and subject', async () => {
      expect(await setup({ meta: { requiresAuth: true } }).decide()).toEqual(ALLOW);
    });
  });
});

describe('decideNavigation, order of the steps', () => {
  it('public (1) comes before recovery (2)', async () => {
    const { calls, decide } = setup({ meta: { public: true } }, { hasUserData: false });
    expect(await decide()).toEqual(ALLOW);
    expect(calls).toEqual([]);
  });

  it('recovery (2) comes before the unauthenticated-only check (4)', async () => {
    const { calls, decide } = setup(
      { name: 'login' },
      { hasUserData: false, recoverSession: async () => true },
    );
    expect(await decide()).toEqual(HOME);
    expect(calls).toEqual([]);
  });

  it('the reset link (3) passes even for a signed-in user, before step 4 would send them home', async () => {
    const { decide } = setup({
      name: 'reset-password',
      meta: { unauthenticatedOnly: true },
      search: { token: 't' },
    });
    expect(await decide()).toEqual(ALLOW);
  });

  it('login (5) comes before the super-admin check (6)', async () => {
    const { calls, decide } = setup(
      { meta: { requiresSuperAdmin: true } },
      { hasUserData: false, explicitLogout: true },
    );
    expect((await decide()).kind).toBe('login');
    expect(calls).toEqual([]);
  });

  it('open routes (7) pass before the super-admin and ability steps (9-11)', async () => {
    const { decide } = setup({
      name: 'projects',
      meta: { requiresSuperAdmin: true, action: 'read', subject: 'Organization' },
    });
    expect(await decide()).toEqual(ALLOW);
  });

  it('the organization route (8) is decided before the Organization subject rule (9)', async () => {
    const { decide } = setup(
      { name: 'organization', meta: { action: 'read', subject: 'Organization' } },
      { isOrganizationAdmin: () => true },
    );
    expect(await decide()).toEqual(ALLOW);
  });

  it('super-admin rules (9, 10) are decided before the ability (11)', async () => {
    const { calls, decide } = setup(
      { meta: { requiresSuperAdmin: true, action: 'read', subject: 'Project' } },
      { checkSuperAdmin: async () => true },
    );
    expect(await decide()).toEqual(ALLOW);
    expect(calls.some((call) => call.startsWith('can'))).toBe(false);
  });
});

describe('safeRedirectTarget', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectTarget('/projects?page=2#top')).toBe('/projects?page=2#top');
  });

  it.each([
    undefined,
    42,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?to=/x',
    '/a\nb',
  ])('falls back to / for %s', (to) => {
    expect(safeRedirectTarget(to)).toBe('/');
  });
});
