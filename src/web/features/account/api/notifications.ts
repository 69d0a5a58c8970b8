import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreference,
  NotificationPreferences,
} from '../../../../shared/schemas/account';
import { api } from '../../../lib/api';

type Body = NotificationPreferences;
const KEY = ['me', 'notification-preferences'];

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => api<Body>('/me/notification-preferences', { signal }),
  });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) =>
      api<Body>('/me/notification-preferences', { method: 'PUT', body: { preferences } }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
}
