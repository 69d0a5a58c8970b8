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
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import { AppThemeProvider } from './theme/AppThemeProvider';

// Start-up in the spec's order (section 9): router, (tag manager, store, abilities: later
// issues), translations, layouts, theme, fonts (self-hosted, imported above).
const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

async function start() {
  const i18n = await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <QueryClientProvider client={queryClient}>
            <SnackbarProvider
              maxSnack={3}
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
