import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api';
import { refreshUser } from '../../../lib/auth-store';

const KEY = ['me', 'profile'];

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => api<Profile>('/me/profile', { signal }),
  });

function uploadAvatar(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  return api<Profile>('/me/avatar', { method: 'PUT', body });
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
