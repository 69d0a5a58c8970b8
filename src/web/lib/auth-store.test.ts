import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineRulesFor } from '../../shared/abilities';
import { STORAGE_KEYS } from '../../shared/constants';
import type { UserData } from '../../shared/user-data';
import {
  authReady,
  authStore,
  checkSuperAdmin,
  handleAuthEvent,
  isOrganizationAdmin,
  logout,
  markSignedIn,
  onSessionEnd,
  recoverSession,
  resetOrganization,
  selectOrganization,
  startAuth,
  waitForOrganization,
  type AuthDeps,
  type AuthEventSession,
} from './auth-store';
import type { MeResponse } from './me';

/** Web Storage kept in memory (the tests run in Node, which has no localStorage). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const ORGS = [
  { id: 'org-a', name: 'Acme', slug: 'acme', logo: null, role: 'member' },
  { id: 'org-b', name: 'Beta', slug: 'beta', logo: null, role: 'admin' },
];

/**
 * A small in-memory server: one signed-in user (or none), their memberships, and GET /me
 * answering for the organisation in storage (as lib/api sends it in X-Organization-Id).
 */
function fakeServer(options: { superAdmin?: boolean; organizations?: typeof ORGS } = {}) {
  const server = {
    signedIn: true,
    superAdmin: options.superAdmin ?? false,
    organizations: options.organizations ?? ORGS,
    /** Organisations the user is not a member of: a super admin may still open them. */
    otherOrgIds: ['org-z'],
    meRequests: [] as (string | null)[],
    meFails: false,
    invalidations: 0,
    signOuts: 0,
    path: '/',
    navigations: [] as string[],
  };
  const user = (): UserData => ({
    id: 'user-1',
    fullName: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    avatar: '',
    role: 'client',
    super_admin: server.superAdmin,
    org_roles: server.organizations.map((org) => ({ org_id: org.id, role: org.role })),
  });
  const deps: AuthDeps = {
    getSession: async (): Promise<AuthEventSession | null> =>
      server.signedIn ? { user: { id: 'user-1', email: 'ada@example.com', name: 'Ada' } } : null,
    fetchMe: async (): Promise<MeResponse> => {
      const orgId = window.localStorage.getItem(STORAGE_KEYS.selectedOrgId);
      server.meRequests.push(orgId);
      if (server.meFails) throw new Error('network down');
      const org = server.organizations.find((candidate) => candidate.id === orgId) ?? null;
      const role = org?.role ?? null;
      const outside =
        !org && orgId !== null && server.superAdmin && server.otherOrgIds.includes(orgId);
      return {
        user: user(),
        organizations: server.organizations,
        organization: org ? { id: org.id, role } : outside ? { id: orgId, role: null } : null,
        rules: defineRulesFor({ userId: 'user-1', superAdmin: server.superAdmin, role }),
      };
    },
    checkSuperAdmin: async () => server.superAdmin,
    signOut: async () => {
      server.signOuts++;
      server.signedIn = false;
      window.localStorage.setItem(STORAGE_KEYS.explicitLogout, 'true');
    },
    invalidateQueries: async () => {
      server.invalidations++;
    },
    currentPath: () => server.path,
    goToLogin: async () => {
      server.navigations.push('/login');
    },
  };
  return { server, deps };
}

const stored = (key: string) => window.localStorage.getItem(key);
const state = () => authStore.state;

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('initial session', () => {
  it('signs in from the session, with the first org_roles entry when none is stored', async () => {
    const { server, deps } = fakeServer();
    await startAuth(deps);
    expect(state()).toMatchObject({
      status: 'authenticated',
      selectedOrgId: 'org-a',
      selectedOrgRole: 'member',
      orgDataLoaded: true,
      orgChangeCounter: 1,
      loadError: false,
    });
    expect(state().userData?.fullName).toBe('Ada Lovelace');
    expect(state().organizations).toEqual(ORGS);
    // The rules are those of the selected organisation: asked again with its id.
    expect(server.meRequests).toEqual([null, 'org-a']);
    expect(state().rules).toEqual(
      defineRulesFor({ userId: 'user-1', superAdmin: false, role: 'member' }),
    );
    expect(stored(STORAGE_KEYS.selectedOrgId)).toBe('org-a');
    expect(stored(STORAGE_KEYS.selectedOrgRole)).toBe('member');
    expect(JSON.parse(stored(STORAGE_KEYS.userAbilityRules) ?? '[]')).toEqual(state().rules);
    expect(JSON.parse(stored(STORAGE_KEYS.userData) ?? '{}').email).toBe('ada@example.com');
    expect(state().sessionStartedAt).toBeTypeOf('number');
  });

  it('restores the stored organisation when the user still belongs to it', async () => {
    const { server, deps } = fakeServer();
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgId, 'org-b');
    await startAuth(deps);
    expect(state()).toMatchObject({ selectedOrgId: 'org-b', selectedOrgRole: 'admin' });
    expect(server.meRequests).toEqual(['org-b']);
  });

  it('gives a super admin without organisations the role admin', async () => {
    const { deps } = fakeServer({ superAdmin: true, organizations: [] });
    await startAuth(deps);
    expect(state()).toMatchObject({
      selectedOrgId: null,
      selectedOrgRole: 'admin',
      orgDataLoaded: true,
    });
    expect(stored(STORAGE_KEYS.selectedOrgRole)).toBe('admin');
  });

  it('without a session: anonymous, and stale user data is cleared', async () => {
    const { server, deps } = fakeServer();
    server.signedIn = false;
    window.localStorage.setItem(STORAGE_KEYS.userData, '{"id":"old"}');
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgId, 'org-a');
    await startAuth(deps);
    expect(state()).toMatchObject({ status: 'anonymous', userData: null, selectedOrgId: null });
    expect(stored(STORAGE_KEYS.userData)).toBeNull();
    expect(stored(STORAGE_KEYS.selectedOrgId)).toBeNull();
  });

  it('keeps the rebuilt user and flags the failure when /me cannot be loaded', async () => {
    const { server, deps } = fakeServer();
    server.meFails = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await startAuth(deps);
    expect(state()).toMatchObject({
      status: 'authenticated',
      orgDataLoaded: false,
      loadError: true,
    });
    expect(state().userData).toMatchObject({ id: 'user-1', fullName: 'Ada', role: 'client' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('auth start time-out', () => {
  it('without an auth event within 2 s, the stored state decides', async () => {
    vi.useFakeTimers();
    const { deps } = fakeServer();
    const user = { ...(await deps.fetchMe()).user };
    window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgId, 'org-b');
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgRole, 'admin');
    void startAuth({ ...deps, getSession: () => new Promise(() => {}) });

    const ready = authReady();
    await vi.advanceTimersByTimeAsync(1999);
    expect(state().status).toBe('unknown');
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(state()).toMatchObject({
      status: 'authenticated',
      selectedOrgId: 'org-b',
      selectedOrgRole: 'admin',
    });
    expect(state().userData?.email).toBe('ada@example.com');
  });

  it('with nothing stored, the user counts as anonymous', async () => {
    vi.useFakeTimers();
    const { deps } = fakeServer();
    void startAuth({ ...deps, getSession: () => new Promise(() => {}) });
    const ready = authReady();
    await vi.advanceTimersByTimeAsync(2000);
    await ready;
    expect(state().status).toBe('anonymous');
  });
});

describe('signed in', () => {
  it('selects the first org_roles entry and clears the explicit-logout flag', async () => {
    const { server, deps } = fakeServer();
    server.signedIn = false;
    await startAuth(deps);
    window.localStorage.setItem(STORAGE_KEYS.explicitLogout, 'true');
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgId, 'org-b');
    server.signedIn = true;

    markSignedIn();
    expect(stored(STORAGE_KEYS.explicitLogout)).toBeNull();
    await authReady();
    expect(state()).toMatchObject({
      status: 'authenticated',
      selectedOrgId: 'org-a',
      selectedOrgRole: 'member',
    });
  });
});

describe('signed out', () => {
  it('clears user data, rules and the organisation, and reports the session duration', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { deps } = fakeServer();
    await startAuth(deps);
    const durations: number[] = [];
    const unsubscribe = onSessionEnd((duration) => durations.push(duration));

    vi.setSystemTime(1_000_000 + 90_000);
    await handleAuthEvent('SIGNED_OUT', null);
    unsubscribe();

    expect(durations).toEqual([90_000]);
    expect(state()).toMatchObject({
      status: 'anonymous',
      userData: null,
      rules: [],
      selectedOrgId: null,
      selectedOrgRole: null,
      orgDataLoaded: false,
      sessionStartedAt: null,
    });
    for (const key of ['userData', 'userAbilityRules', 'selectedOrgId', 'selectedOrgRole']) {
      expect(stored(key), key).toBeNull();
    }
    expect(window.sessionStorage.getItem(STORAGE_KEYS.sessionStartTime)).toBeNull();
  });

  it('reports nothing without a session start time', async () => {
    const { server, deps } = fakeServer();
    server.signedIn = false;
    const durations: number[] = [];
    const unsubscribe = onSessionEnd((duration) => durations.push(duration));
    await startAuth(deps);
    await handleAuthEvent('SIGNED_OUT', null);
    unsubscribe();
    expect(durations).toEqual([]);
  });
});

describe('user updated', () => {
  it('keeps the selected organisation', async () => {
    const { deps } = fakeServer();
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgId, 'org-b');
    await startAuth(deps);
    await handleAuthEvent('USER_UPDATED', await deps.getSession());
    expect(state().selectedOrgId).toBe('org-b');
  });
});

describe('selected organisation', () => {
  it('switching rebuilds and saves the rules, marks data loaded, counts and refetches', async () => {
    const { server, deps } = fakeServer();
    await startAuth(deps);
    const counter = state().orgChangeCounter;

    await selectOrganization('org-b');
    expect(state()).toMatchObject({
      selectedOrgId: 'org-b',
      selectedOrgRole: 'admin',
      orgDataLoaded: true,
      orgChangeCounter: counter + 1,
    });
    expect(server.meRequests.at(-1)).toBe('org-b');
    expect(state().rules).toEqual(
      defineRulesFor({ userId: 'user-1', superAdmin: false, role: 'admin' }),
    );
    expect(JSON.parse(stored(STORAGE_KEYS.userAbilityRules) ?? '[]')).toEqual(state().rules);
    expect(stored(STORAGE_KEYS.selectedOrgRole)).toBe('admin');
    expect(server.invalidations).toBe(1);
  });

  it('refuses an organisation the user does not belong to', async () => {
    const { deps } = fakeServer();
    await startAuth(deps);
    await expect(selectOrganization('org-x')).rejects.toThrow(/org-x/);
    expect(state().selectedOrgId).toBe('org-a');
  });

  it('a super admin opens an organisation they do not belong to, and keeps it on reload', async () => {
    const { server, deps } = fakeServer({ superAdmin: true });
    await startAuth(deps);
    await selectOrganization('org-z');
    expect(state()).toMatchObject({ selectedOrgId: 'org-z', selectedOrgRole: 'admin' });
    expect(server.meRequests.at(-1)).toBe('org-z');

    await startAuth(deps);
    expect(state()).toMatchObject({ selectedOrgId: 'org-z', selectedOrgRole: 'admin' });

    // Gone (or no longer a super admin): back to the first membership.
    server.otherOrgIds = [];
    await startAuth(deps);
    expect(state().selectedOrgId).toBe('org-a');
  });

  it('a super admin cannot open an organisation the server does not know', async () => {
    const { deps } = fakeServer({ superAdmin: true });
    await startAuth(deps);
    await expect(selectOrganization('org-x')).rejects.toThrow(/org-x/);
    expect(state().selectedOrgId).toBe('org-a');
    expect(stored(STORAGE_KEYS.selectedOrgId)).toBe('org-a');
  });

  it('keeps the previous selection when the rules cannot be loaded', async () => {
    const { server, deps } = fakeServer();
    await startAuth(deps);
    server.meFails = true;
    await expect(selectOrganization('org-b')).rejects.toThrow();
    expect(state().selectedOrgId).toBe('org-a');
    expect(stored(STORAGE_KEYS.selectedOrgId)).toBe('org-a');
  });

  it('reset clears the organisation and role and marks data as loading', async () => {
    const { deps } = fakeServer();
    await startAuth(deps);
    resetOrganization();
    expect(state()).toMatchObject({
      selectedOrgId: null,
      selectedOrgRole: null,
      orgDataLoaded: false,
    });
    expect(stored(STORAGE_KEYS.selectedOrgId)).toBeNull();
  });

  it('the organisation-admin flag needs loaded data and the role admin', async () => {
    const { deps } = fakeServer();
    window.localStorage.setItem(STORAGE_KEYS.selectedOrgId, 'org-b');
    await startAuth(deps);
    expect(isOrganizationAdmin(state())).toBe(true);
    expect(isOrganizationAdmin({ ...state(), orgDataLoaded: false })).toBe(false);
    expect(isOrganizationAdmin({ ...state(), selectedOrgRole: 'member' })).toBe(false);
  });
});

describe('guard helpers', () => {
  it('recoverSession rebuilds user data when there is none', async () => {
    const { server, deps } = fakeServer();
    server.signedIn = false;
    await startAuth(deps);
    expect(await recoverSession()).toBe(false);
    server.signedIn = true;
    expect(await recoverSession()).toBe(true);
    expect(state().userData?.id).toBe('user-1');
  });

  it('checkSuperAdmin rebuilds the rules when the flag changed', async () => {
    const { server, deps } = fakeServer();
    await startAuth(deps);
    expect(await checkSuperAdmin()).toBe(false);
    const requests = server.meRequests.length;

    server.superAdmin = true;
    expect(await checkSuperAdmin()).toBe(true);
    expect(server.meRequests.length).toBeGreaterThan(requests);
    expect(state().userData?.super_admin).toBe(true);
    expect(state().rules).toEqual(
      defineRulesFor({ userId: 'user-1', superAdmin: true, role: 'member' }),
    );
  });

  it('waitForOrganization tries 50 times every 100 ms', async () => {
    vi.useFakeTimers();
    const { deps } = fakeServer();
    await startAuth(deps);
    resetOrganization();

    const timedOut = waitForOrganization();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await timedOut).toBe(false);

    const waiting = waitForOrganization();
    await vi.advanceTimersByTimeAsync(300);
    await selectOrganization('org-a');
    await vi.advanceTimersByTimeAsync(100);
    expect(await waiting).toBe(true);
  });
});

describe('logout', () => {
  it('signs out, clears the state, goes to /login and resets the flag after 1 s', async () => {
    vi.useFakeTimers();
    const { server, deps } = fakeServer();
    await startAuth(deps);
    server.path = '/access-control';

    const done = logout();
    expect(state().loggingOut).toBe(true);
    await done;
    expect(server.signOuts).toBe(1);
    expect(server.navigations).toEqual(['/login']);
    expect(state()).toMatchObject({ status: 'anonymous', userData: null, loggingOut: true });

    await vi.advanceTimersByTimeAsync(999);
    expect(state().loggingOut).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(state().loggingOut).toBe(false);
  });

  it('stays on /login when already there', async () => {
    const { server, deps } = fakeServer();
    await startAuth(deps);
    server.path = '/login';
    await logout();
    expect(server.navigations).toEqual([]);
  });
});
