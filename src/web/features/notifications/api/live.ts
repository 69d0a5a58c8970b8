import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from './notifications';

/** The server's stream of "your notifications changed" (GET /api/v1/notifications/stream). */
export const NOTIFICATIONS_STREAM_PATH = '/api/v1/notifications/stream';

/**
 * Keeps the notifications fresh without a reload: while mounted, each `changed` event of the
 * stream invalidates the cached notifications (the browser's EventSource reconnects by itself;
 * on reconnecting, `ready` refreshes what may have been missed).
 */
export function useLiveNotifications(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATIONS_STREAM_PATH, { withCredentials: true });
    let connectedBefore = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.root() });
    source.addEventListener('changed', refresh);
    source.addEventListener('ready', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
