import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  redirect,
  rootRouteId,
  useMatches,
} from '@tanstack/react-router';
import { ErrorPage } from '../features/misc/pages/ErrorPage';
import { NotFoundPage } from '../features/misc/pages/NotFoundPage';
import { RouteLayout } from '../layouts';
import type { AuthSession } from '../lib/auth-client';
import { decideNavigation } from '../lib/guard';
import { mergeMeta } from '../lib/route-meta';
import { fetchSession } from '../lib/session';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The navigation guard (spec section 2) runs on every navigation, from the matched routes' meta.
  beforeLoad: async ({ matches, location }): Promise<{ session: AuthSession | null }> => {
    const leaf = matches[matches.length - 1];
    // Nothing but the root matched: the not-found page, which anyone may see.
    if (!leaf || leaf.routeId === rootRouteId) return { session: null };
    const meta = mergeMeta(matches);
    if (meta.public) return { session: null };

    const session = await fetchSession();
    const decision = decideNavigation({
      meta,
      authenticated: session !== null,
      href: location.href,
      pathname: location.pathname,
    });
    if (decision.kind === 'home') throw redirect({ to: '/', replace: true });
    if (decision.kind === 'login') {
      throw redirect({
        to: '/login',
        search: decision.to ? { to: decision.to } : {},
        replace: true,
      });
    }
    return { session };
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootComponent() {
  const layout = useMatches({ select: (matches) => mergeMeta(matches).layout });
  return (
    <RouteLayout name={layout}>
      <Outlet />
    </RouteLayout>
  );
}
