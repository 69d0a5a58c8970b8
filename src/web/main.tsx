import '@fontsource/public-sans/300.css';
import '@fontsource/public-sans/300-italic.css';
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/400-italic.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/500-italic.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/600-italic.css';
import '@fontsource/public-sans/700.css';
import '@fontsource/public-sans/700-italic.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { SnackbarProvider } from 'notistack';
import { SNACKBAR_COMPONENTS } from './components/SnackbarContent';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { authStore, handleAuthEvent, onSessionEnd, startAuth } from './lib/auth-store';
import { dropEarlyRequests } from './lib/early-requests';
import { installLazyLoadErrorListener } from './lib/lazy-load-error';
import { loadRuntimeConfig } from './lib/runtime-config';
import { initTagManager, track, trackPageView } from './lib/tag-manager';
import { initI18n, prefetchTranslations } from './lib/i18n';
import { layoutOf, mergeMeta } from './lib/route-meta';
import { loadDefaultLayout, usesDefaultLayout } from './layouts/default-layout-loader';
import { fetchMe } from './lib/me';
import { createQueryClient } from './lib/query-client';
import { fetchIsSuperAdmin, fetchSession, signOut } from './lib/session';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import { routeTree } from './routeTree.gen';
import { AppThemeProvider } from './theme/AppThemeProvider';

// Start-up in the spec's order (section 9): router, tag manager, store and abilities (the
// ability follows the store's rules, lib/ability), translations, layouts, theme, fonts
// (self-hosted, imported above).
const queryClient = createQueryClient(() => {
  const { pathname, href } = router.state.location;
  void handleAuthEvent('SIGNED_OUT', null).then(() => {
    if (pathname !== '/login') void router.navigate({ to: '/login', search: { to: href } });
  });
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultHashScrollIntoView: { behavior: 'smooth', block: 'start' },
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

installLazyLoadErrorListener();

/**
 * Someone who was signed in (user data kept from the last visit) will most likely be let
 * through to the page they opened: its code-split chunks are fetched now, while the start-up
 * and the guard run, instead of after the guard (the guard still decides; a redirect leaves
 * the chunks unused). A visitor, whom the guard sends to the login page, fetches nothing.
 */
function fetchOpenedPageEarly() {
  if (readStorage(STORAGE_KEYS.userData) === null) return;
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  // First the signed-in frame and its texts, which the root route awaits before any framed page
  // (they would otherwise be asked for only once the guard runs, behind the page's chunks).
  const meta = mergeMeta(routes.map((route) => ({ staticData: route.options.staticData })));
  if (usesDefaultLayout(layoutOf(meta, true))) {
    loadDefaultLayout().catch(() => undefined);
    if (!meta.coreTextsOnly) prefetchTranslations(['app']);
  }
  // A chunk that fails is fetched again by the navigation, which reports the error.
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}

router.subscribe('onResolved', (event) => {
  // The first navigation has been guarded: what was asked at start-up is not used any more.
  dropEarlyRequests();
  if (event.pathChanged || !event.fromLocation) trackPageView(event.toLocation);
});
onSessionEnd((durationMs) =>
  track('session_end', { duration_seconds: Math.round(durationMs / 1000) }),
);

/**
 * Once the start-up has learnt that the user is signed in: the data the opened page asks for
 * first (its routes' `prefetch`), while its code is still arriving, instead of after the guard.
 */
function prefetchOpenedPageData() {
  if (authStore.state.status !== 'authenticated') return;
  const [routes, params] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) route.options.staticData?.prefetch?.({ queryClient, params });
}

async function start() {
  // Not awaited: events pushed before the script loads wait in the data layer.
  void loadRuntimeConfig().then((config) => initTagManager(config.gtmId));
  void startAuth({
    getSession: fetchSession,
    fetchMe,
    checkSuperAdmin: fetchIsSuperAdmin,
    signOut: () => signOut(queryClient),
    // After an organisation switch: refetch what is on screen, and re-run the route guard (the
    // current page may not be allowed in the new organisation).
    invalidateQueries: async () => {
      await Promise.all([queryClient.invalidateQueries(), router.invalidate()]);
    },
    currentPath: () => router.state.location.pathname,
    goToLogin: () => router.navigate({ to: '/login', replace: true }),
  }).then(prefetchOpenedPageData);
  // The start-up texts are asked for first, then the page's code (while the session, asked by
  // public/initial-loader.js, is answered).
  const i18nReady = initI18n();
  fetchOpenedPageEarly();
  const i18n = await i18nReady;
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <QueryClientProvider client={queryClient}>
            <SnackbarProvider
              maxSnack={3}
              Components={SNACKBAR_COMPONENTS}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            >
              <RouterProvider router={router} />
            </SnackbarProvider>
          </QueryClientProvider>
        </AppThemeProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
