/**
 * Where the floating help button sits (spec section 2, layout behaviour): bottom-right,
 * except bottom-left (with the tooltip 'Get Help') on the agents-id and projects-id routes,
 * whose pages use the bottom-right corner themselves. Sides are logical: in a right-to-left
 * language the layout mirrors them.
 */
export const HELP_START_SIDE_ROUTES: ReadonlySet<string> = new Set([
  '/agents/$id',
  '/projects/$id',
]);

export type HelpButtonPlacement = 'end' | 'start';

/**
 * The route path of a TanStack Router route id: pathless layout segments (`_name`) and
 * route groups (`(name)`) removed, no trailing slash ("/_default/agents/$id" -> "/agents/$id").
 */
export function routePathOfId(routeId: string): string {
  const segments = routeId
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('_') && !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/** The placement for the ids of the matched routes (root first, leaf last). */
export function helpButtonPlacement(routeIds: readonly string[]): HelpButtonPlacement {
  const leaf = routeIds[routeIds.length - 1];
  return leaf !== undefined && HELP_START_SIDE_ROUTES.has(routePathOfId(leaf)) ? 'start' : 'end';
}
