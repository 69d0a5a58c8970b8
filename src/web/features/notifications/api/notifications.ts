import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UpdatedCount } from '../../../../shared/schemas/common';
import type { NotificationPage } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';

/** How many notifications the navbar menu shows. */
export const NOTIFICATIONS_MENU_PAGE_SIZE = 10;
/** The unread badge refreshes this often while the page is open. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/** The caller's notifications; keys start with the selected organisation (they follow it). */
const ROOT = 'notifications';
export const notificationKeys = {
  /** Every organisation's: marking read touches them all. */
  root: () => [ROOT] as const,
  all: (orgId: string | null) => [ROOT, orgId] as const,
  menu: (orgId: string | null) =>
    [ROOT, orgId, 'menu', { page: 1, pageSize: NOTIFICATIONS_MENU_PAGE_SIZE }] as const,
};

export const notificationsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: notificationKeys.menu(orgId),
    queryFn: ({ signal }) =>
      api<NotificationPage>('/notifications', {
        query: { page: 1, pageSize: NOTIFICATIONS_MENU_PAGE_SIZE },
        signal,
      }),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

/** Optimistically marks notifications read in every cached page, then refetches. */
function markCachedRead(queryClient: QueryClient, ids: readonly string[] | 'all') {
  const now = new Date().toISOString();
  queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.root() }, (page) => {
    if (!page) return page;
    let changed = 0;
    const items = page.items.map((item) => {
      if (item.read_at || (ids !== 'all' && !ids.includes(item.id))) return item;
      changed += 1;
      return { ...item, read_at: now };
    });
    return { ...page, items, unread: ids === 'all' ? 0 : Math.max(0, page.unread - changed) };
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ ok: true }>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: (id) => markCachedRead(queryClient, [id]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.root() }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UpdatedCount>('/notifications/read-all', { method: 'POST' }),
    onMutate: () => markCachedRead(queryClient, 'all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.root() }),
  });
}

/** A link is followed only when it is a path of this site (never another origin). */
export function internalLink(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
