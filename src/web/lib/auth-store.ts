import { createStore, useSelector } from '@tanstack/react-store';
import { abilityRulesSchema, type AbilityRule } from '../../shared/abilities';
import {
  AUTH_START_TIMEOUT_MS,
  LOGGING_OUT_RESET_MS,
  ORG_DATA_WAIT_INTERVAL_MS,
  ORG_DATA_WAIT_TRIES,
} from '../../shared/constants';
import {
  buildUserData,
  parseStoredUserData,
  type UserData,
  type UserDataInput,
} from '../../shared/user-data';
import { dropEarlyRequests } from './early-requests';
import type { MeOrganization, MeResponse } from './me';
import { pickOrganization, saveOrganization, type OrganizationSelection } from './organization';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The browser's auth state (spec section 4), driven by auth events. Talks to the outside world
 * only through the functions given to `startAuth` (main.tsx passes the real ones).
 */
export interface AuthState {
  /** 'unknown' until the first auth event, or the 2 s start time-out, decides. */
  status: 'unknown' | 'authenticated' | 'anonymous';
  userData: UserData | null;
  /** The user's memberships, from GET /api/v1/me. */
  organizations: MeOrganization[];
  selectedOrgId: string | null;
  selectedOrgRole: string | null;
  /** The ability rules of the selected organisation (empty: see lib/ability effectiveRules). */
  rules: AbilityRule[];
  orgDataLoaded: boolean;
  /** Incremented each time the selected organisation or role changes. */
  orgChangeCounter: number;
  loggingOut: boolean;
  /** Start of the session in ms since the epoch (kept in session storage). */
  sessionStartedAt: number | null;
  /** The last load of GET /api/v1/me failed. */
  loadError: boolean;
  /** Signed in with a one-time password: asked to choose their own before anything else. */
  passwordChangeRequired: boolean;
}

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'MFA_CHALLENGE_VERIFIED';

/** What an auth event carries: the session's user (a Better Auth session fits). */
export interface AuthEventSession {
  user: UserDataInput;
}

export interface AuthDeps {
  getSession: () => Promise<AuthEventSession | null>;
  fetchMe: () => Promise<MeResponse>;
  checkSuperAdmin: () => Promise<boolean>;
  /** Explicit sign-out: flag, stored session cleared, server call with its time-out. */
  signOut: () => Promise<void>;
  invalidateQueries: () => Promise<void>;
  currentPath: () => string;
  goToLogin: () => Promise<void>;
}

const initialState = (): AuthState => ({
  status: 'unknown',
  userData: null,
  organizations: [],
  selectedOrgId: null,
  selectedOrgRole: null,
  rules: [],
  orgDataLoaded: false,
  orgChangeCounter: 0,
  loggingOut: false,
  sessionStartedAt: null,
  loadError: false,
  passwordChangeRequired: false,
});

export const authStore = createStore<AuthState>(initialState());

export function useAuthState<T>(selector: (state: AuthState) => T): T {
  return useSelector(authStore, selector);
}

/** The organisation-admin flag: only once organisation data is loaded and the role is admin. */
export function isOrganizationAdmin(state: AuthState): boolean {
  return state.orgDataLoaded && state.selectedOrgRole === 'admin';
}

const patch = (changes: Partial<AuthState>) =>
  authStore.setState((state) => ({ ...state, ...changes }));

let deps: AuthDeps | null = null;

function need(): AuthDeps {
  if (!deps) throw new Error('The auth store has not been started (startAuth)');
  return deps;
}

// Auth events are handled one at a time, in order; `pending` settles when all have been.
let pending: Promise<void> = Promise.resolve();

function enqueue(task: () => Promise<void>): Promise<void> {
  const run = pending.then(task);
  pending = run.catch(() => undefined);
  return run;
}

// ---------------------------------------------------------------------------
// Session start and end (session storage; the duration goes to onSessionEnd listeners)
// ---------------------------------------------------------------------------

const sessionEndListeners = new Set<(durationMs: number) => void>();

/** Calls `listener` with the session duration each time a session ends; returns an unsubscribe. */
export function onSessionEnd(listener: (durationMs: number) => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

function reportSessionEnd(durationMs: number): void {
  for (const listener of sessionEndListeners) listener(durationMs);
}

function readSessionStart(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(STORAGE_KEYS.sessionStartTime));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The stored start of this session, or now (stored) if there is none. */
function startSession(): number {
  const stored = readSessionStart();
  if (stored !== null) return stored;
  const now = Date.now();
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.sessionStartTime, String(now));
  } catch {
    // storage is a convenience: the duration is then not reported
  }
  return now;
}

function endSession(): number | null {
  const started = readSessionStart();
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.sessionStartTime);
  } catch {
    // see startSession
  }
  return started;
}

// ---------------------------------------------------------------------------
// Event handling
// ---------------------------------------------------------------------------

function parseStoredRules(raw: string | null): AbilityRule[] {
  if (!raw) return [];
  try {
    const result = abilityRulesSchema.safeParse(JSON.parse(raw));
    if (result.success) return result.data as AbilityRule[];
  } catch {
    // falls through to the warning
  }
  console.warn('Stored userAbilityRules cannot be parsed');
  return [];
}

/** Applies a /me answer for the given selection and saves it under the spec's storage keys. */
function applyMe(me: MeResponse, selection: OrganizationSelection): void {
  saveOrganization(selection);
  writeStorage(STORAGE_KEYS.userData, JSON.stringify(me.user));
  writeStorage(STORAGE_KEYS.userAbilityRules, JSON.stringify(me.rules));
  authStore.setState((state) => {
    const changed =
      state.selectedOrgId !== selection.id || state.selectedOrgRole !== selection.role;
    return {
      ...state,
      userData: me.user,
      organizations: me.organizations,
      selectedOrgId: selection.id,
      selectedOrgRole: selection.role,
      rules: me.rules,
      orgDataLoaded: true,
      orgChangeCounter: state.orgChangeCounter + (changed ? 1 : 0),
      loadError: false,
    };
  });
}

/** The role a super admin acts with in an organisation they do not belong to. */
const SUPER_ADMIN_OUTSIDE_ROLE = 'admin';

/**
 * A super admin keeps an organisation they opened without being a member of it, as long as the
 * server still accepts it (the /me answer that carried it as X-Organization-Id names it).
 */
function openedAsSuperAdmin(
  me: MeResponse,
  preferredOrgId: string | null,
): OrganizationSelection | null {
  if (!me.user.super_admin || !preferredOrgId || me.organization?.id !== preferredOrgId) {
    return null;
  }
  if (me.organizations.some((org) => org.id === preferredOrgId)) return null;
  return { id: preferredOrgId, role: SUPER_ADMIN_OUTSIDE_ROLE };
}

/**
 * A session is known: rebuild user data from it at once, then load organisations and rules.
 * The selection is the preferred organisation if the user still belongs to it, otherwise the
 * first org_roles entry (otherwise admin for a super admin).
 */
async function establish(session: AuthEventSession, preferredOrgId: string | null) {
  const current = authStore.state.userData;
  const userData = current?.id === session.user.id ? current : buildUserData(session.user);
  writeStorage(STORAGE_KEYS.userData, JSON.stringify(userData));
  patch({
    status: 'authenticated',
    userData,
    sessionStartedAt: startSession(),
    passwordChangeRequired: session.user.passwordChangeRequired === true,
  });
  try {
    const { fetchMe } = need();
    let me = await fetchMe();
    const selection =
      openedAsSuperAdmin(me, preferredOrgId) ?? pickOrganization(me.user, preferredOrgId);
    if (selection.id !== (me.organization?.id ?? null)) {
      saveOrganization(selection); // the next request carries it as X-Organization-Id
      me = await fetchMe();
    }
    applyMe(me, selection);
  } catch (error) {
    console.warn('Could not load the user, organisations and rules', error);
    patch({ loadError: true });
  }
}

/** Signed out: clear user data, rules and the selected organisation; report the duration. */
function signedOut(): void {
  removeStorage(
    STORAGE_KEYS.userData,
    STORAGE_KEYS.userAbilityRules,
    STORAGE_KEYS.selectedOrgId,
    STORAGE_KEYS.selectedOrgRole,
  );
  const started = endSession();
  authStore.setState((state) => ({
    ...initialState(),
    status: 'anonymous',
    orgChangeCounter: state.orgChangeCounter,
    loggingOut: state.loggingOut,
  }));
  if (started !== null) reportSessionEnd(Date.now() - started);
}

async function processEvent(event: AuthEvent, session: AuthEventSession | null): Promise<void> {
  if (event === 'SIGNED_OUT' || !session) return signedOut();
  switch (event) {
    case 'SIGNED_IN':
    case 'MFA_CHALLENGE_VERIFIED':
      return establish(session, null);
    case 'INITIAL_SESSION':
    case 'TOKEN_REFRESHED':
      return establish(session, readStorage(STORAGE_KEYS.selectedOrgId));
    case 'USER_UPDATED':
      return establish(session, authStore.state.selectedOrgId);
  }
}

/** The answers asked for at start-up (lib/early-requests) are stale once the user changes. */
function forgetStartUpAnswers(event: AuthEvent): void {
  if (event !== 'INITIAL_SESSION') dropEarlyRequests();
}

/** Feeds one auth event to the store; resolves once it (and every earlier one) is handled. */
export function handleAuthEvent(event: AuthEvent, session: AuthEventSession | null): Promise<void> {
  forgetStartUpAnswers(event);
  return enqueue(() => processEvent(event, session));
}

/** The same event, with the session as the server sees it now. */
function handleCurrentSession(event: AuthEvent): Promise<void> {
  forgetStartUpAnswers(event);
  return enqueue(async () => processEvent(event, await need().getSession()));
}

/** Starts the store: the initial-session event. Called once at start-up (and by tests). */
export function startAuth(dependencies: AuthDeps): Promise<void> {
  deps = dependencies;
  pending = Promise.resolve();
  authStore.setState(() => initialState());
  return handleCurrentSession('INITIAL_SESSION');
}

/** After a successful sign-in: clears the explicit-logout flag (spec section 4), signed in. */
export function markSignedIn(): void {
  removeStorage(STORAGE_KEYS.explicitLogout);
  void handleCurrentSession('SIGNED_IN');
}

/** The user chose their own password: the one-time password's prompt is over. */
export function markPasswordChanged(): void {
  patch({ passwordChangeRequired: false });
}

/** The user changed (profile, super-admin flag): reload user data and rules. */
export function refreshUser(): Promise<void> {
  return handleCurrentSession('USER_UPDATED');
}

function restoreStoredState(): void {
  const userData = parseStoredUserData(readStorage(STORAGE_KEYS.userData));
  patch({
    status: userData ? 'authenticated' : 'anonymous',
    userData,
    rules: userData ? parseStoredRules(readStorage(STORAGE_KEYS.userAbilityRules)) : [],
    selectedOrgId: userData ? readStorage(STORAGE_KEYS.selectedOrgId) : null,
    selectedOrgRole: userData ? readStorage(STORAGE_KEYS.selectedOrgRole) : null,
    orgDataLoaded: userData !== null,
    sessionStartedAt: userData ? readSessionStart() : null,
  });
}

/**
 * Resolves once the pending auth events are handled, or after 2 s: then, if no event has
 * decided yet, the logged-in status comes from the stored state (spec section 4).
 */
export async function authReady(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = await Promise.race([
    pending.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), AUTH_START_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut && authStore.state.status === 'unknown') restoreStoredState();
}

/** Guard step 2: without user data, ask for the session and rebuild; true if signed in. */
export async function recoverSession(): Promise<boolean> {
  await enqueue(async () => {
    if (!authStore.state.userData) await processEvent('INITIAL_SESSION', await need().getSession());
  });
  return authStore.state.userData !== null;
}

/** Guard step 6: the server's answer; a change of the super-admin flag rebuilds the rules. */
export async function checkSuperAdmin(): Promise<boolean> {
  const superAdmin = await need().checkSuperAdmin();
  const user = authStore.state.userData;
  if (user && user.super_admin !== superAdmin) await refreshUser();
  return superAdmin;
}

/** Guard step 8: waits for organisation data, 50 tries of 100 ms; false on time-out. */
export async function waitForOrganization(): Promise<boolean> {
  for (let attempt = 0; attempt < ORG_DATA_WAIT_TRIES; attempt++) {
    if (authStore.state.orgDataLoaded) return true;
    await new Promise((resolve) => setTimeout(resolve, ORG_DATA_WAIT_INTERVAL_MS));
  }
  return authStore.state.orgDataLoaded;
}

// ---------------------------------------------------------------------------
// Organisation selection and logout
// ---------------------------------------------------------------------------

/**
 * Switches to one of the user's organisations: rules rebuilt and saved, queries refetched. A
 * super admin may also open any other organisation (the server accepts their
 * X-Organization-Id anywhere) and acts in it as an admin.
 */
export async function selectOrganization(orgId: string): Promise<void> {
  const { organizations, userData } = authStore.state;
  const org = organizations.find((candidate) => candidate.id === orgId);
  if (!org && !userData?.super_admin) throw new Error(`Not a member of organisation ${orgId}`);
  const selection = { id: orgId, role: org?.role ?? SUPER_ADMIN_OUTSIDE_ROLE };
  await enqueue(async () => {
    const { selectedOrgId, selectedOrgRole } = authStore.state;
    saveOrganization(selection); // the request carries it as X-Organization-Id
    try {
      const me = await need().fetchMe();
      if (me.organization?.id !== orgId) throw new Error(`Organisation ${orgId} cannot be opened`);
      applyMe(me, selection);
    } catch (error) {
      saveOrganization({ id: selectedOrgId, role: selectedOrgRole });
      throw error;
    }
  });
  await need().invalidateQueries();
}

/** Clears the selected organisation and role and marks organisation data as loading again. */
export function resetOrganization(): void {
  saveOrganization({ id: null, role: null });
  patch({ selectedOrgId: null, selectedOrgRole: null, orgDataLoaded: false });
}

/**
 * Explicit logout (spec section 4): sign out (flag, storage, server call with a 3 s time-out),
 * signed-out event, then /login unless already there; the logging-out flag resets after 1 s.
 */
export async function logout(): Promise<void> {
  if (authStore.state.loggingOut) return;
  const { signOut, currentPath, goToLogin } = need();
  patch({ loggingOut: true });
  try {
    await signOut();
    await handleAuthEvent('SIGNED_OUT', null);
    if (currentPath() !== '/login') await goToLogin();
  } finally {
    setTimeout(() => patch({ loggingOut: false }), LOGGING_OUT_RESET_MS);
  }
}
