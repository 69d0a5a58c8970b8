import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryKey,
  type QueryStatus,
} from '@tanstack/react-query';
import { QUERY_DEFAULTS, QUERY_LOG_MAX_ENTRIES } from '../../shared/constants';
import { ApiError } from './api';

/** One line of the query log: which query, what happened to it, and when. */
export interface QueryLogEntry {
  queryKey: QueryKey;
  queryHash: string;
  /** What happened: a fetch started, it succeeded or failed, or the query was removed. */
  action: 'fetch' | 'success' | 'error' | 'removed';
  status: QueryStatus;
  /** Milliseconds since the epoch. */
  time: number;
}

/** A log that keeps only the newest `max` entries (spec section 9: at most 100). */
export function createQueryLog(max: number = QUERY_LOG_MAX_ENTRIES) {
  const entries: QueryLogEntry[] = [];
  return {
    add(entry: QueryLogEntry): void {
      entries.push(entry);
      if (entries.length > max) entries.splice(0, entries.length - max);
    },
    /** The entries, oldest first (a copy). */
    entries(): QueryLogEntry[] {
      return [...entries];
    },
    clear(): void {
      entries.length = 0;
    },
  };
}
export type QueryLog = ReturnType<typeof createQueryLog>;

/** Records the fetches, results and removals of a cache's queries; returns the unsubscribe. */
export function attachQueryLog(
  cache: QueryCache,
  log: QueryLog,
  now: () => number = Date.now,
): () => void {
  return cache.subscribe((event) => {
    let action: QueryLogEntry['action'] | undefined;
    if (event.type === 'removed') action = 'removed';
    else if (event.type === 'updated') {
      const type = event.action.type;
      if (type === 'fetch' || type === 'success' || type === 'error') action = type;
    }
    if (!action) return;
    log.add({
      queryKey: event.query.queryKey,
      queryHash: event.query.queryHash,
      action,
      status: event.query.state.status,
      time: now(),
    });
  });
}

const appQueryLog = createQueryLog();

/** The app's query log (newest last, at most 100 entries), e.g. for a bug report. */
export function getQueryLog(): QueryLogEntry[] {
  return appQueryLog.entries();
}

/**
 * TanStack Query with the spec's defaults (section 9) and the query log. `onUnauthenticated`
 * runs when the server answers 401 (the session ended elsewhere or expired).
 */
export function createQueryClient(onUnauthenticated: () => void = () => {}): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthenticated();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: QUERY_DEFAULTS.queryRetry,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetry },
    },
  });
  attachQueryLog(client.getQueryCache(), appQueryLog);
  return client;
}
