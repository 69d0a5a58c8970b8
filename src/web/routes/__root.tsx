import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  redirect,
  type ParsedLocation,
} from '@tanstack/react-router';
import { buildAbility } from '../../shared/abilities';
import { ErrorPage } from '../features/misc/pages/ErrorPage';
import { NotFoundPage } from '../features/misc/pages/NotFoundPage';
import { RouteLayout } from '../layouts';
import { loadDefaultLayout, usesDefaultLayout } from '../layouts/default-layout-loader';
import { effectiveRules } from '../lib/ability';
import { loadAppTranslations } from '../lib/i18n';
import {
  authReady,
  authStore,
  checkSuperAdmin,
  isOrganizationAdmin,
  recoverSession,
  waitForOrganization,
} from '../lib/auth-store';
import { decideNavigation, type GuardDecision } from '../lib/guard';
import { layoutOf, mergeMeta, routeName, type RouteMeta, type RouteName } from '../lib/route-meta';
import { useRouteLayout } from '../lib/route-layout';
import { readStorage, STORAGE_KEYS } from '../lib/storage';

export interface RouterContext {
  queryClient: QueryClient;
}

type GuardMatch = { staticData?: { meta?: RouteMeta; name?: RouteName } };

/** Runs the guard on the matched branch with what the auth store knows. */
async function guard(matches: readonly GuardMatch[], location: ParsedLocation) {
  const meta = mergeMeta(matches);
  // Public routes pass at once (step 1); the others need the auth state settled first.
  if (!meta.public) await authReady();
  const state = authStore.state;
  return decideNavigation(
    {
      name: routeName(matches),
      meta,
      pathname: location.pathname,
      href: location.href,
      search: location.search as Record<string, unknown>,
      hash: location.hash,
    },
    {
      hasUserData: state.userData !== null,
      explicitLogout: readStorage(STORAGE_KEYS.explicitLogout) === 'true',
      recoverSession,
      checkSuperAdmin,
      waitForOrganization,
      isOrganizationAdmin: () => isOrganizationAdmin(authStore.state),
      can: (action, subject, superAdmin) =>
        buildAbility(effectiveRules(authStore.state.rules, superAdmin)).can(action, subject),
    },
  );
}

function follow(decision: GuardDecision): void {
  switch (decision.kind) {
    case 'allow':
      return;
    case 'home':
      throw redirect({ to: '/', replace: true });
    case 'login':
      throw redirect({
        to: '/login',
        search: decision.to ? { to: decision.to } : {},
        replace: true,
      });
    case 'not-authorized':
      throw redirect({ to: '/not-authorized', replace: true });
  }
}

/** Where someone signed in with a one-time password chooses their own. */
const OWN_PASSWORD_PATH = '/pages/account-settings/security';

/**
 * After the guard allowed a page: someone signed in with a one-time password (the seeded admin)
 * is sent to choose their own first; public pages stay open.
 */
function askForOwnPassword(meta: RouteMeta, location: ParsedLocation): void {
  const { status, passwordChangeRequired } = authStore.state;
  if (meta.public || status !== 'authenticated' || !passwordChangeRequired) return;
  if (location.pathname === OWN_PASSWORD_PATH) return;
  throw redirect({
    to: '/pages/account-settings/$tab',
    params: { tab: 'security' },
    replace: true,
  });
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The navigation guard (spec section 2) runs on every navigation. A preload (link intent)
  // only warms code and data; the navigation that follows is guarded.
  beforeLoad: async ({ matches, location, preload }) => {
    // A default-layout page waits for the signed-in layout's chunk and texts. Someone who was
    // signed in (user data kept from the last visit) gets them while the guard runs; a visitor,
    // whom the guard sends to the login page, never fetches them.
    const meta = mergeMeta(matches);
    const framed = (signedIn: boolean) => usesDefaultLayout(layoutOf(meta, signedIn));
    const frame = () =>
      Promise.all([loadDefaultLayout(), meta.coreTextsOnly ? null : loadAppTranslations()]);
    const early = framed(readStorage(STORAGE_KEYS.userData) !== null) ? frame() : null;
    early?.catch(() => undefined); // a redirect below leaves it unawaited
    if (!preload) {
      follow(await guard(matches, location));
      askForOwnPassword(meta, location);
    }
    if (framed(authStore.state.status === 'authenticated')) await (early ?? frame());
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootComponent() {
  const layout = useRouteLayout();
  return (
    <RouteLayout name={layout}>
      <Outlet />
    </RouteLayout>
  );
}
