import { useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { LayoutName } from '../lib/route-meta';
import { mergeMeta } from '../lib/route-meta';
import { BlankLayout } from './BlankLayout';
import { loadDefaultLayout, loadedDefaultLayout } from './default-layout-loader';
import { LoadingBar } from './components/LoadingBar';
import { ScrollManager } from './components/ScrollManager';

// Used only if a default-layout page renders before the root route has loaded the layout.
const LazyDefaultLayout = lazy(() =>
  loadDefaultLayout().then((DefaultLayout) => ({ default: DefaultLayout })),
);

/** Fades out the loader of index.html once the first page has rendered. */
export function dismissInitialLoader(): void {
  const loader = document.getElementById('initial-loader');
  if (!loader || loader.dataset.state === 'leaving') return;
  loader.dataset.state = 'leaving';
  loader.addEventListener('transitionend', () => loader.remove(), { once: true });
  // No transition (reduced motion, hidden tab): remove it anyway.
  setTimeout(() => loader.remove(), 600);
}

/**
 * The layout of a route, from its meta (spec section 2): default (vertical or horizontal
 * navigation), blank, or fixed-height (the default layout filling the viewport, no footer).
 * Routes without one render bare (e.g. error pages). Every layout has the loading bar.
 */
export function RouteLayout({
  name,
  children,
}: {
  name: LayoutName | undefined;
  children: ReactNode;
}) {
  const fixedHeight = useMatches({ select: (matches) => mergeMeta(matches).fixedHeight === true });
  const footerHidden = useMatches({
    select: (matches) => mergeMeta(matches).footerHidden === true,
  });

  useEffect(() => {
    dismissInitialLoader();
  }, []);

  let content: ReactNode;
  switch (name) {
    case 'blank':
      content = <BlankLayout fill={fixedHeight}>{children}</BlankLayout>;
      break;
    case 'default':
    case 'fixed-height': {
      const DefaultLayout = loadedDefaultLayout();
      const props = {
        fixedHeight: name === 'fixed-height' || fixedHeight,
        footerHidden: name === 'fixed-height' || footerHidden,
        children,
      };
      content = DefaultLayout ? (
        // The one DefaultLayout function of its module, the same on every render.
        // eslint-disable-next-line react-hooks/static-components
        <DefaultLayout {...props} />
      ) : (
        <Suspense fallback={null}>
          <LazyDefaultLayout {...props} />
        </Suspense>
      );
      break;
    }
    default:
      content = children;
  }
  return (
    <>
      <LoadingBar />
      <ScrollManager />
      {content}
    </>
  );
}
