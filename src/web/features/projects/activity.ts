/**
 * Readable names of a project's audit entries (GET /api/v1/projects/{id}/overview,
 * `recentActivity[].action`) and of its counts (`counts`): locale keys under
 * projects.overview. Unknown actions and counts (added later by other modules) fall back
 * to a generic text that still shows the raw name.
 */
export const ACTIVITY_KEYS = {
  'project.create': 'projects.overview.actions.create',
  'project.update': 'projects.overview.actions.update',
  'project.archive': 'projects.overview.actions.archive',
  'project.restore': 'projects.overview.actions.restore',
  'project.delete': 'projects.overview.actions.delete',
  'data_source.project.assign': 'projects.overview.actions.dataSourceAssign',
  'data_source.project.unassign': 'projects.overview.actions.dataSourceUnassign',
} as const;
export type KnownActivity = keyof typeof ACTIVITY_KEYS;

export function isKnownActivity(action: string): action is KnownActivity {
  return Object.hasOwn(ACTIVITY_KEYS, action);
}

export const COUNT_KEYS = {
  changes: 'projects.overview.counts.changes',
  dataSources: 'projects.overview.counts.dataSources',
  agents: 'projects.overview.counts.agents',
  customers: 'projects.overview.counts.customers',
} as const;
export type KnownCount = keyof typeof COUNT_KEYS;

export function isKnownCount(name: string): name is KnownCount {
  return Object.hasOwn(COUNT_KEYS, name);
}

/** The counts in a stable order: the known ones first (in COUNT_KEYS order), then the others by name. */
export function orderedCounts(counts: Record<string, number>): [string, number][] {
  const known = Object.keys(COUNT_KEYS).filter((name) => name in counts);
  const others = Object.keys(counts)
    .filter((name) => !isKnownCount(name))
    .sort();
  return [...known, ...others].map((name) => [name, counts[name] ?? 0]);
}
