import { ThemeProvider } from '@mui/material/styles';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../locales/en';
import { createAppTheme } from '../../theme/theme';

/** An i18next instance with the English texts, ready at once (component tests). */
export function testI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const theme = createAppTheme({ direction: 'ltr' });

/** The app's theme and English texts around `ui`. */
export function renderWithApp(ui: ReactNode): RenderResult {
  const i18n = testI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>{ui}</ThemeProvider>
    </I18nextProvider>,
  );
}

/**
 * `Page` as the component of `/list` (search params validated by `validateSearch`) in a memory
 * router started at `initial`; returns the router to read its location.
 */
export async function renderRoute(
  Page: () => ReactNode,
  validateSearch: (search: Record<string, unknown>) => object,
  initial = '/list',
): Promise<{ router: AnyRouter; result: RenderResult }> {
  const root = createRootRoute();
  const list = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch,
    component: Page,
  });
  const other = createRoute({ getParentRoute: () => root, path: '/other', component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([list, other]),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
  await router.load();
  const result = renderWithApp(<RouterProvider router={router} />);
  return { router, result };
}
