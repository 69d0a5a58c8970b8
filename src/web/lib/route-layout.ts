import { useMatches } from '@tanstack/react-router';
import { useAuthState } from './auth-store';
import { layoutOf, mergeMeta, type LayoutName } from './route-meta';

/** The layout the current page renders in (its meta, and whether someone is signed in). */
export function useRouteLayout(): LayoutName | undefined {
  const signedIn = useAuthState((state) => state.status === 'authenticated');
  return useMatches({ select: (matches) => layoutOf(mergeMeta(matches), signedIn) });
}
