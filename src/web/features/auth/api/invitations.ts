import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface Invitation {
  id: string;
  email: string;
  role: string;
  status: 'pending' | 'accepted' | 'canceled' | 'expired';
  expiresAt: string;
  organization: { name: string; logo: string | null };
  inviter: { name: string };
}

export const invitationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['invitation', id],
    queryFn: ({ signal }) => api<Invitation>(`/invitations/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (id: string) =>
      api<{ organization: { id: string }; role: string }>(
        `/invitations/${encodeURIComponent(id)}/accept`,
        { method: 'POST' },
      ),
  });
}
