import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../../shared/schemas/error';
import type { Profile, ProfileUpdate } from '../../../../shared/schemas/account';
import { api, API_BASE, ApiError } from '../../../lib/api';
import { refreshUser } from '../../../lib/auth-store';

const KEY = ['me', 'profile'];

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => api<Profile>('/me/profile', { signal }),
  });

async function uploadAvatar(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`${API_BASE}/me/avatar`, {
    method: 'PUT',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isApiError(parsed)
        ? parsed.error
        : { code: `HTTP_${response.status}`, message: response.statusText },
    );
  }
  return parsed as Profile;
}

/** Saves with `save`, then puts the answer in the cache and reloads the signed-in user. */
function useProfileMutation<T>(save: (value: T) => Promise<Profile | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (profile) => {
      if (profile) queryClient.setQueryData(KEY, profile);
      else await queryClient.invalidateQueries({ queryKey: KEY });
      await refreshUser();
    },
  });
}

export const useUpdateProfile = () =>
  useProfileMutation((update: ProfileUpdate) =>
    api<Profile>('/me/profile', { method: 'PATCH', body: update }),
  );
export const useUploadAvatar = () => useProfileMutation(uploadAvatar);
export const useRemoveAvatar = () =>
  useProfileMutation(() => api<Profile | undefined>('/me/avatar', { method: 'DELETE' }));
