import type { ReactNode } from 'react';
import type { LayoutName } from '../lib/route-meta';
import { BlankLayout } from './BlankLayout';
import { DefaultLayout } from './DefaultLayout';

/** The layout of a route, from its meta; routes without one render bare (e.g. error pages). */
export function RouteLayout({
  name,
  children,
}: {
  name: LayoutName | undefined;
  children: ReactNode;
}) {
  switch (name) {
    case 'blank':
      return <BlankLayout>{children}</BlankLayout>;
    case 'default':
    case 'fixed-height':
      return <DefaultLayout>{children}</DefaultLayout>;
    default:
      return <>{children}</>;
  }
}
